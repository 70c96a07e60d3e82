const IPV4 = /^(\d{1,3})\.(\d{1,3})\.(\d{1,3})\.(\d{1,3})$/;

/**
 * The spec's author display rule: empty shows "Anonymous", an IPv4-looking value shows "dev" (early
 * submissions stored the submitter's address), "admin" shows "News Source", anything else as is.
 */
export function displayAuthor(submittedBy: string | null | undefined): string {
  const value = submittedBy?.trim() ?? "";
  if (value === "") return "Anonymous";
  if (IPV4.test(value)) return "dev";
  if (value === "admin") return "News Source";
  return value;
}
