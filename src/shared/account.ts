/**
 * The signed-in user's own account (/api/admin/account/mfa/*): two-step sign-in with an
 * authenticator app (TOTP), and the tenant's policy requiring it (/api/admin/settings/mfa).
 */
import { z } from 'zod';

/** How many recovery codes an enrolment gives (each works once). */
export const RECOVERY_CODE_COUNT = 10;

/** GET /api/admin/account/mfa */
export const mfaStatusSchema = z.object({
  enabled: z.boolean(),
  /** The tenant requires it: it cannot be turned off, only reset by an owner. */
  required: z.boolean(),
  recovery_codes_left: z.number().int(),
});
export type MfaStatus = z.infer<typeof mfaStatusSchema>;

/**
 * POST /api/admin/account/mfa/start: a new secret, pending until confirmed with a code. The only
 * time the secret leaves the server: as the QR code and as text for typing in by hand.
 */
export const mfaEnrolmentSchema = z.object({
  secret: z.string(),
  otpauth_uri: z.string(),
  /** The otpauth:// URI as a QR code, a data: URL (SVG). */
  qr_code: z.string(),
});
export type MfaEnrolment = z.infer<typeof mfaEnrolmentSchema>;

/** POST /api/admin/account/mfa/confirm and /disable: a current code. */
export const mfaCodeSchema = z.object({ code: z.string().trim().min(1).max(64) });
export type MfaCode = z.infer<typeof mfaCodeSchema>;

/** POST /api/admin/account/mfa/confirm: on, and the recovery codes, shown this once. */
export const mfaEnabledSchema = z.object({ recovery_codes: z.array(z.string()) });
export type MfaEnabled = z.infer<typeof mfaEnabledSchema>;

/** GET and PUT /api/admin/settings/mfa: every console user of the tenant needs two-step sign-in. */
export const mfaPolicySchema = z.object({ required: z.boolean() });
export type MfaPolicy = z.infer<typeof mfaPolicySchema>;
