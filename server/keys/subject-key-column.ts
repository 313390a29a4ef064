/** What a data subject's own key is sealed for in `SubjectKey.key` (./subject-keys.ts). */
export const SUBJECT_KEY = "SubjectKey.key";
