import { ApiError } from './api-client';
import { isInsufficientBalance, missingAmount } from './insufficient-balance';

describe('missingAmount', () => {
  it('is the price less the balance, rounded up to the cent', () => {
    expect(missingAmount(96, 10)).toBe(86);
    expect(missingAmount(96, 10.005)).toBe(86);
    expect(missingAmount(15, 14.7)).toBe(0.3);
    expect(missingAmount(0.3, 0)).toBe(0.3);
    expect(missingAmount(12.34, 0.001)).toBe(12.34);
  });

  it('is at least the smallest top-up, $0.10', () => {
    expect(missingAmount(96, 95.95)).toBe(0.1);
    expect(missingAmount(1, 1)).toBe(0.1);
  });
});

describe('isInsufficientBalance', () => {
  it('is the 402 "Insufficient balance" only', () => {
    expect(isInsufficientBalance(new ApiError('Insufficient balance', 402))).toBe(true);
    expect(isInsufficientBalance(new ApiError('No traffic left for this plan. Buy a plan first.', 402))).toBe(false);
    expect(isInsufficientBalance(new ApiError('Insufficient balance', 400))).toBe(false);
    expect(isInsufficientBalance(new Error('Insufficient balance'))).toBe(false);
  });
});
