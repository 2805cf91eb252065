/** Mobile ads (02 §2): a part of `Texts` (texts.ts). */
export const adTexts = {
  // Mobile ads (02 §2)
  AD_BUTTON_DEFAULT: 'Click here',
  AD_BLURB_DEFAULT: 'Text forthcoming',
  // Ours where the ad has no confirmation texts (docs/decisions/0205).
  AD_CONFIRMATION_TITLE_DEFAULT: 'Thank you',
  AD_CONFIRMATION_DEFAULT: 'Your request has been sent to the sponsor.',
} as const;
