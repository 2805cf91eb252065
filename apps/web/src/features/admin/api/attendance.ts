import type { TAttendanceConfirmResponse, TAttendancePreviewResponse } from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/* Verified attendance of a live webinar (issue 25): a participant report previewed, then confirmed. */

export type TAttendanceUpload = { classId: string; file: File; thresholdPct?: number | undefined };

/** Reads the report and asks who it verifies; nothing changes on the server yet. */
export function usePreviewAttendance() {
  return useMutation({
    mutationFn: async ({ classId, file, thresholdPct }: TAttendanceUpload) =>
      apiPost<TAttendancePreviewResponse>('admin/attendance-preview', {
        c: classId,
        csv: await file.text(),
        fileName: file.name,
        ...(thresholdPct === undefined ? {} : { thresholdPct }),
      }),
  });
}

/** Confirms a preview: the class's seats, completions and the dashboard change. */
export function useConfirmAttendance() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (previewId: string) =>
      apiPost<TAttendanceConfirmResponse>('admin/attendance-confirm', { id: previewId }),
    onSuccess: () =>
      Promise.all([
        client.invalidateQueries({ queryKey: ['admin', 'classes'] }),
        client.invalidateQueries({ queryKey: ['admin', 'dashboard'] }),
      ]),
  });
}
