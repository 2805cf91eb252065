/*
 * What a certificate's Open Badges credential says (issue 40), as the certificates feature gathers
 * it for the credentials feature (app.ts hands one to the other): the same facts the PDF prints.
 */
export type TCredentialFacts = {
  completionId: string;
  certificateNumber: string;
  /** The class's or podcast's own id: one achievement per course, whoever earned it. */
  courseId: string;
  courseTitle: string;
  courseNumber: string | null;
  description: string;
  /** '690 Implants' */
  subjectCode: string | null;
  method: string;
  format: string;
  location: string;
  credits: number;
  creditType: string;
  memberName: string;
  /** The licences the certificate names, as printed (decision 1045). */
  licences: string[];
  /** The day the certificate names (YYYY-MM-DD) and the moment the credit was recorded. */
  completedOn: string;
  completedAt: string;
  providerName: string;
  verificationUrl: string;
};
