/** The support form (01 §5, §8): a part of `Texts` (texts.ts). */
export const supportTexts = {
  // Support (01 §5, §8)
  SUPPORT_NAME: 'Name is a required field and must be at least 4 characters.',
  SUPPORT_OFFICE: 'This is a required field and must be at least 4 characters.',
  SUPPORT_EMAIL: 'Email address is required.',
  SUPPORT_PHONE: 'Phone number is required.',
  SUPPORT_SUBJECT: 'Select reason for support.',
  SUPPORT_COMMENT: 'Explain reason for support up to 1000 characters.',
  SUPPORT_SUCCESS: 'Message received.',
} as const;
