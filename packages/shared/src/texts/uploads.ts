/**
 * The refusals of every upload, one set (issue 38, docs/decisions/0015): {takes} is what the
 * field takes ('a PDF, JPEG or PNG file'), {max} its size limit.
 */
export const UploadTexts = {
  MISSING: 'Choose a file to upload.',
  MALFORMED: 'The upload could not be read: send the file again as a form upload.',
  TYPE_REFUSED: 'This field takes {takes}.',
  TOO_LARGE: 'This file is too large: {takes} may be up to {max}.',
  NAME_MISMATCH:
    'The file name does not match its content: it holds {type}, so its name must end in {extensions}.',
} as const;

/** What the tracker's certificate field takes, in the upload refusals. */
export const CERTIFICATE_FILE_TAKES = 'a PDF, JPEG or PNG file';
