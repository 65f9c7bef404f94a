/**
 * Administrators' second factor: the sign-in's second step (`/admin/index/twoFactor*`) and
 * the profile's set-up (`/admin/routine.AdminInfo/twoFactor*`).
 */
import type { AdminInfo, Enrolment, SecondStep, TwoFactorStatus } from '@portico/shared';
import { AdminController, adminUrl } from '@portico/shared';

export type { Enrolment, SecondStep, TwoFactorStatus };

import { createAxios } from '../request';

export interface SignedIn {
  userInfo: Omit<AdminInfo, 'super'>;
  routePath: string;
  /** When the second factor was set up during this sign-in: shown once. */
  recoveryCodes?: string[];
}

export function secondStepSignIn(data: { ticket: string; code: string; keep: boolean }) {
  return createAxios<SignedIn>({ url: adminUrl(AdminController.index, 'twoFactor'), method: 'post', data });
}

export function enrolAtSignIn(ticket: string) {
  return createAxios<Enrolment>({
    url: adminUrl(AdminController.index, 'twoFactorEnrol'),
    method: 'post',
    data: { ticket },
  });
}

export function twoFactorStatus() {
  return createAxios<TwoFactorStatus>({
    url: adminUrl(AdminController.adminInfo, 'twoFactor'),
    method: 'get',
  });
}

export function beginTwoFactorSetup() {
  return createAxios<Enrolment>({
    url: adminUrl(AdminController.adminInfo, 'twoFactorSetup'),
    method: 'post',
  });
}

export function enableTwoFactor(code: string) {
  return createAxios<{ recoveryCodes: string[] }>(
    { url: adminUrl(AdminController.adminInfo, 'twoFactorEnable'), method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}

export function renewRecoveryCodes(code: string) {
  return createAxios<{ recoveryCodes: string[] }>(
    { url: adminUrl(AdminController.adminInfo, 'twoFactorRecoveryCodes'), method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}

export function disableTwoFactor(code: string) {
  return createAxios(
    { url: adminUrl(AdminController.adminInfo, 'twoFactorDisable'), method: 'post', data: { code } },
    { showSuccessMessage: true },
  );
}
