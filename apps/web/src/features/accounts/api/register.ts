import type { TRegisterResponse } from '@opence/shared/schemas';
import { useMutation } from '@tanstack/react-query';
import { apiPost } from '../../../lib/api-client.ts';

/** POST /api/register (01 §7): the whole form; s is null on registration. */
export const useRegister = () =>
  useMutation({
    mutationFn: (form: Record<string, unknown>) =>
      apiPost<TRegisterResponse>('register', { ...form, s: null }),
  });
