/**
 * The one error shape every Hookwise API answers with, `{ error: { code, message } }`, and the
 * closed list of its codes. The server builds errors from these codes only; the web compares
 * against them, so a renamed code is a type error on both sides, not a silent mismatch.
 */
export const ERROR_CODES = [
  // Generic, by HTTP status.
  'bad_request',
  'unauthorized',
  'forbidden',
  'not_found',
  'conflict',
  'rate_limited',
  'internal_error',
  // Request shape.
  'validation_failed',
  'body_too_large',
  'unsupported_media_type',
  'invalid_json',
  'bad_url',
  'invalid_character',
  'web_not_built',
  // Reviewer tokens.
  'token_missing',
  'token_invalid',
  'token_expired',
  'token_not_yet_valid',
  'token_claims_invalid',
  'token_revoked',
  'url_not_in_token',
  // Operator API.
  'invalid_api_key',
  'invalid_campaign',
  'invalid_csv',
  'invalid_dates',
  'invalid_url',
  'campaign_ended',
  'campaign_not_draft',
  'managed_by_directory',
  'person_inactive',
  // Sending.
  'smtp_failed',
  'campaign_has_no_email',
  'campaign_not_running',
  'profile_in_use',
  'invalid_import',
  // Console accounts and sessions.
  'invalid_credentials',
  'account_locked',
  'csrf_failed',
  'email_taken',
  'last_owner',
  // Two-step sign-in.
  'mfa_required',
  'invalid_code',
  'mfa_enrolment_required',
  'mfa_already_on',
  'mfa_not_started',
  'mfa_off',
  'mfa_required_by_tenant',
  'own_account',
  // Single sign-on.
  'sso_required',
  'sso_secret_missing',
  'sso_domain_taken',
  // Recipient journey.
  'questionnaire_required',
  // Reported mail.
  'intake_incomplete',
  'intake_address_taken',
  'report_unreadable',
] as const;

export type ErrorCode = (typeof ERROR_CODES)[number];

export interface ApiErrorBody {
  error: { code: ErrorCode; message: string };
}

export function errorBody(code: ErrorCode, message: string): ApiErrorBody {
  return { error: { code, message } };
}

const CODES: ReadonlySet<string> = new Set(ERROR_CODES);

export function isErrorCode(value: unknown): value is ErrorCode {
  return typeof value === 'string' && CODES.has(value);
}

/**
 * Reads an error response; a body that is not ours (a proxy's page, say) gives undefined.
 * Hand-written rather than a schema: the web's first load carries no schema library.
 */
export function parseApiErrorBody(value: unknown): ApiErrorBody | undefined {
  if (typeof value !== 'object' || value === null || !('error' in value)) return undefined;
  const { error } = value;
  if (typeof error !== 'object' || error === null) return undefined;
  const code = 'code' in error ? error.code : undefined;
  const message = 'message' in error ? error.message : undefined;
  if (!isErrorCode(code) || typeof message !== 'string') return undefined;
  return { error: { code, message } };
}
