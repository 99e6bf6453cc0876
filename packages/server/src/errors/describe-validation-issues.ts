import type { ZodError } from 'zod';

/** Returns the value the client sent at a path, when the caller can tell (e.g. a query parameter). */
export type ReadSentValue = (path: readonly PropertyKey[]) => string | undefined;

// Echoed values are cut so that a long parameter cannot swell the error message.
const MAX_ECHOED_CHARS = 40;
const MAX_DESCRIBED_ISSUES = 5;

/**
 * Appends the reasons of a failed validation to `summary` ("The request is invalid.") in words a
 * person reads without `details`: "The request is invalid: `to` is "odt"; expected one of pdf, docx."
 */
export function describeValidationIssues(summary: string, error: ZodError, readSentValue: ReadSentValue = () => undefined): string {
  const reasons = error.issues.slice(0, MAX_DESCRIBED_ISSUES).map((issue) => describeIssue(issue, readSentValue(issue.path)));
  const more = error.issues.length - reasons.length;
  if (more > 0) reasons.push(`${more} more in details`);
  return `${summary.replace(/\.$/, '')}: ${reasons.join('; ')}.`;
}

function describeIssue(issue: ZodError['issues'][number], sent: string | undefined): string {
  const name = issue.path.length === 0 ? 'the value' : `\`${issue.path.map(String).join('.')}\``;
  const given = sent === undefined ? name : `${name} is ${JSON.stringify(truncate(sent))}`;
  if (issue.code === 'invalid_value' && issue.values.length > 0) return `${given}, expected one of ${issue.values.map(String).join(', ')}`;
  return `${given}: ${issue.message}`;
}

function truncate(value: string): string {
  return value.length > MAX_ECHOED_CHARS ? `${value.slice(0, MAX_ECHOED_CHARS)}…` : value;
}
