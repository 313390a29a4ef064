/**
 * What a KYC submission's data is sealed for (server/keys/sealed-value.ts): every read and write of
 * `ProfileSubmission.data` seals or opens it with this context, so a sealed value of another column does not open
 * here.
 */
export const SUBMISSION_DATA = "ProfileSubmission.data";
