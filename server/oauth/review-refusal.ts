/** What `/auth` and the token endpoint say of an application an operator has not approved (production). */
export function reviewRefusal(review: "pending" | "rejected"): string {
  return review === "pending"
    ? "The application is in review: Tokenrail's operator has not approved it yet, so it cannot be used."
    : "The application was not approved by Tokenrail's operator, so it cannot be used.";
}
