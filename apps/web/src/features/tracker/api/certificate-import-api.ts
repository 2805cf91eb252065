import { ImportTexts } from '@opence/shared';
import type {
  TCertificateImport,
  TCertificateImportConfirm,
  TTrackerCertificate,
} from '@opence/shared/schemas';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiPost, apiUpload } from '../../../lib/api-client.ts';

/* Importing another provider's certificate (issue 41): read for review, then confirmed. */

const header = { session: 'header', failureText: ImportTexts.UNREADABLE } as const;

export function useImportCertificate() {
  return useMutation({
    mutationFn: async (file: File) =>
      (await apiUpload<{ import: TCertificateImport }>('tracker/certificate-import', file, header)).import,
  });
}

export function useConfirmImport() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: async (input: TCertificateImportConfirm) =>
      (
        await apiPost<{ certificate: TTrackerCertificate }>(
          'tracker/certificate-import-confirm',
          input,
          header,
        )
      ).certificate,
    // Every tracker view: the certificate list and each licence's standing (the gap).
    onSettled: () => client.invalidateQueries({ queryKey: ['tracker'] }),
  });
}
