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
import { adminGet, adminSend, adminUpload } from './admin-request.ts';

/*
 * Editors beyond one row: exams, survey questions, the settings and featured-content forms,
 * and uploads.
 */

export type TExamOwner = 'classes' | 'podcasts';

export function useExam(owner: TExamOwner, id: string) {
  return useQuery({
    queryKey: ['admin', owner, 'exam', id],
    queryFn: ({ signal }) => adminGet<TAdminExamResponse>(`${owner}/${id}/exam`, {}, signal),
  });
}

export function useSaveExam(owner: TExamOwner, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (exam: TAdminExam) => adminSend<TAdminExamResponse>('PUT', `${owner}/${id}/exam`, exam),
    onSuccess: (data) => client.setQueryData(['admin', owner, 'exam', id], data),
  });
}

export function useDeleteExam(owner: TExamOwner, id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: () => adminSend<TAdminOk>('DELETE', `${owner}/${id}/exam`),
    onSuccess: () => client.invalidateQueries({ queryKey: ['admin', owner, 'exam', id] }),
  });
}

export function useSurveyQuestions(id: string) {
  return useQuery({
    queryKey: ['admin', 'surveys', 'questions', id],
    queryFn: ({ signal }) => adminGet<TAdminSurveyQuestionsResponse>(`surveys/${id}/questions`, {}, signal),
  });
}

export function useSaveSurveyQuestions(id: string) {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TAdminSurveyQuestions) =>
      adminSend<TAdminSurveyQuestionsResponse>('PUT', `surveys/${id}/questions`, body),
    onSuccess: (data) => client.setQueryData(['admin', 'surveys', 'questions', id], data),
  });
}

/** A form of its own (settings, featured): read and saved whole at one path. */
export function useAdminForm(path: 'settings' | 'featured') {
  return useQuery({
    queryKey: ['admin', path],
    queryFn: ({ signal }) => adminGet<TAdminFormResponse>(path, {}, signal),
    select: (response) => response.data,
  });
}

export function useSaveAdminForm(path: 'settings' | 'featured') {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (values: TAdminValues) => adminSend<TAdminFormResponse>('PUT', path, values),
    onSuccess: (data) => {
      client.setQueryData(['admin', path], data);
      // The brand and links every page shows come from the settings.
      if (path === 'settings') void client.invalidateQueries({ queryKey: ['site'] });
    },
  });
}

export function uploadFile(file: File, kind: TUploadKind) {
  return adminUpload<TAdminUploadResponse>('uploads', file, { kind });
}

/** The latest uploads of a kind, newest first: the rich-text editor's images to choose from. */
export function useRecentUploads(kind: TUploadKind) {
  return useQuery({
    queryKey: ['admin', 'uploads', kind],
    queryFn: ({ signal }) => adminGet<TAdminUploadListResponse>('uploads', { kind }, signal),
    select: (response) => response.data,
  });
}
