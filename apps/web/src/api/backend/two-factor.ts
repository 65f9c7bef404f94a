/**
 * Administrators' second factor: the sign-in's second step (`/admin/index/twoFactor*`) and
 * the profile's set-up (`/admin/routine.AdminInfo/twoFactor*`).
 */
import type { AdminInfo, Enrolment, SecondStep, TwoFactorStatus } from '@portico/shared';

export type { Enrolment, SecondStep, TwoFactorStatus };

import { createAxios } from '../request';

export interface SignedIn {
  userInfo: Omit<AdminInfo, 'super'>;
  routePath: string;
  /** When the second factor was set up during this sign-in: shown once. */
  recoveryCodes?: string[];
}

export function secondStepSignIn(data: { ticket: string; code: string; keep: boolean }) {
  return createAxios<SignedIn>({ url: '/admin/index/twoFactor', method: 'post', data });
}

export function enrolAtSignIn(ticket: string) {
  return createAxios<Enrolment>({ url: '/admin/index/twoFactorEnrol', method: 'post', data: { ticket } });
}

const PROFILE = '/admin/routine.AdminInfo';

export function twoFactorStatus() {
  return createAxios<TwoFactorStatus>({ url: `${PROFILE}/twoFactor`, method: 'get' });
}

export function beginTwoFactorSetup() {
  return createAxios<Enrolment>({ url: `${PROFILE}/twoFactorSetup`, method: 'post' });
}

export function enableTwoFactor(code: string) {
  return createAxios<{ recoveryCodes: string[] }>(
    { url: `${PROFILE}/twoFactorEnable`, method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}

export function renewRecoveryCodes(code: string) {
  return createAxios<{ recoveryCodes: string[] }>(
    { url: `${PROFILE}/twoFactorRecoveryCodes`, method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}

export function disableTwoFactor(code: string) {
  return createAxios(
    { url: `${PROFILE}/twoFactorDisable`, method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}

export function resetTwoFactor(id: number) {
  return createAxios(
    { url: '/admin/auth.Admin/resetTwoFactor', method: 'post', data: { id } },
    { showSuccessMessage: true },
  );
}
