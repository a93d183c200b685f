// The account and security routes' wire shapes, written by hand from the contract until the
// server's generated types (src/types/api.ts) carry them. `User` is the user of /api/getuserinfo.
import type { User } from '@/lib/api-types';

export type { ApiKey, ApiKeyList, ApiKeyScope } from '@/lib/api-keys';

/** A message, and the user as it is after the change. */
export type UserChanged = { message: string; user: User };
export type MessageOnly = { message: string };

export type ProfileBody = { name: string; phone: string | null };
export type EmailChangeBody = { newEmail: string; password?: string };
export type EmailConfirmBody = { code: string };
export type PasswordChangeBody = { currentPassword?: string; newPassword: string; confirmPassword: string };

export type TwoFactorStatus = { enabled: boolean; recoveryCodesLeft: number };
export type TwoFactorSetup = { secret: string; otpauthUrl: string };
export type TwoFactorEnabled = { message: string; recoveryCodes: string[] };
export type TwoFactorDisableBody = { password?: string; code: string };

export type AccountSession = {
  /** An opaque hash of the session, not its key. */
  id: string;
  createdAt: number;
  /** Null until the session has been used after signing in. */
  lastSeenAt: number | null;
  ip: string | null;
  device: string;
  current: boolean;
};
export type SessionList = { items: AccountSession[] };

export type ApiKeyCreateBody = {
  name: string;
  scopes: Array<'read' | 'generate' | 'buy'>;
  expiresAt?: number;
  allowedIps?: string[];
};
/** The answer to a new key: `key` is shown once and never again. */
export type ApiKeyCreated = { id: number; name: string; scopes: Array<'read' | 'generate' | 'buy'>; key: string };
