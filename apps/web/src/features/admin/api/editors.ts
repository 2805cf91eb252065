import type {
  TAdminExam,
  TAdminExamResponse,
  TAdminFormResponse,
  TAdminOk,
  TAdminSurveyQuestions,
  TAdminSurveyQuestionsResponse,
  TAdminUploadListResponse,
  TAdminUploadResponse,
  TAdminValues,
  TUploadKind,
} from '@opence/shared/schemas';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { apiGet, apiPut, apiDelete, apiUpload } from '../../../lib/api-client.ts';

/*
 * Editors beyond one row: exams, survey questions, the settings and featured-content forms,
 * and uploads.
 */

export type TExamOwner = 'classes' | 'podcasts';

export function useExam(owner: TExamOwner, id: string) {
  return useQuery({
    queryKey: ['admin', owner, 'exam', id],
    queryFn: ({ signal }) => apiGet<TAdminExamResponse>(`admin/${owner}/${id}/exam`, {}, signal),
  });
}

export function useSaveExam(owner: TExamOwner, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exam: TAdminExam) => apiPut<TAdminExamResponse>(`admin/${owner}/${id}/exam`, exam),
    onSuccess: (data) => client.setQueryData(['admin', owner, 'exam', id], data),
  });
}

export function useDeleteExam(owner: TExamOwner, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => apiDelete<TAdminOk>(`admin/${owner}/${id}/exam`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', owner, 'exam', id] }),
  });
}

export function useSurveyQuestions(id: string) {
  return useQuery({
    queryKey: ['admin', 'surveys', 'questions', id],
    queryFn: ({ signal }) =>
      apiGet<TAdminSurveyQuestionsResponse>(`admin/surveys/${id}/questions`, {}, signal),
  });
}

export function useSaveSurveyQuestions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminSurveyQuestions) =>
      apiPut<TAdminSurveyQuestionsResponse>(`admin/surveys/${id}/questions`, body),
    onSuccess: (data) => client.setQueryData(['admin', 'surveys', 'questions', id], data),
  });
}

/** A form of its own (settings, featured): read and saved whole at one path. */
export function useAdminForm(path: 'settings' | 'featured') {
  return useQuery({
    queryKey: ['admin', path],
    queryFn: ({ signal }) => apiGet<TAdminFormResponse>(`admin/${path}`, {}, signal),
    select: (response) => response.data,
  });
}

export function useSaveAdminForm(path: 'settings' | 'featured') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TAdminValues) => apiPut<TAdminFormResponse>(`admin/${path}`, values),
    onSuccess: (data) => {
      client.setQueryData(['admin', path], data);
      // The brand and links every page shows come from the settings.
      if (path === 'settings') void client.invalidateQueries({ queryKey: ['site'] });
    },
  });
}

/** Uploads a file of a kind a media field takes; resolves to where it is kept. */
export function useUploadFile(kind: TUploadKind) {
  return useMutation({
    mutationFn: (file: File) => apiUpload<TAdminUploadResponse>('admin/uploads', file, { params: { kind } }),
  });
}

/** The latest uploads of a kind, newest first: the rich-text editor's images to choose from. */
export function useRecentUploads(kind: TUploadKind) {
  return useQuery({
    queryKey: ['admin', 'uploads', kind],
    queryFn: ({ signal }) => apiGet<TAdminUploadListResponse>('admin/uploads', { kind }, signal),
    select: (response) => response.data,
  });
}
