// Test data shaped by the generated API types.
import type { User } from '@/lib/api-types';

export function makeUser(overrides: Partial<User> = {}): User {
  return {
    name: 'Ada Lovelace',
    email: 'ada@example.com',
    photoURL: null,
    profile: { name: 'Ada Lovelace', avatarUrl: null },
    role: 'user',
    balance: 12.5,
    refCode: 'ADA123',
    hasPassword: true,
    resellerClient: false,
    reseller: false,
    brand: null,
    ...overrides,
  };
}
