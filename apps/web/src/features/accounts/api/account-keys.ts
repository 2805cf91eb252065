/** Query keys of the accounts data; mutations invalidate through these. */
export const accountKeys = {
  items: ['account-items'] as const,
  profile: ['profile'] as const,
  home: ['account-home'] as const,
  blurb: (code: string) => ['blurb', code] as const,
};
