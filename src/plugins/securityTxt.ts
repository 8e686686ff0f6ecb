import {mkdir, writeFile} from 'node:fs/promises';
import path from 'node:path';
import type {Plugin} from '@docusaurus/types';
import {sourceDate} from '../utils/sourceDate.mjs';

/** Stands in for a real address until SECURITY_CONTACT names one (a warning says so). */
export const PLACEHOLDER_SECURITY_CONTACT = 'mailto:security@seerbox.example';

/** RFC 9116 asks for an Expires less than a year ahead: the default when SECURITY_EXPIRES is unset. */
const DEFAULT_LIFETIME_DAYS = 180;
const DAY_MS = 24 * 60 * 60 * 1000;

export type SecurityTxtOptions = {
  /** SECURITY_CONTACT: a mailto:, https: or tel: URI. */
  contact?: string;
  /** SECURITY_EXPIRES: an ISO 8601 date-time (2027-05-31T00:00:00Z). */
  expires?: string;
};

type SecurityTxtInput = {contact: string; expires: Date; siteUrl: string; baseUrl: string};

/** Contact and Expires from the build settings, with a warning for each that is missing or doubtful. */
export function securitySettings(
  options: SecurityTxtOptions,
  buildDate: Date = sourceDate(),
): {contact: string; expires: Date; warnings: string[]} {
  const warnings: string[] = [];
  const contact = options.contact || PLACEHOLDER_SECURITY_CONTACT;
  if (!/^(mailto:|https:\/\/|tel:)/.test(contact))
    throw new Error(`SECURITY_CONTACT must be a mailto:, https:// or tel: URI, got "${contact}"`);
  if (contact === PLACEHOLDER_SECURITY_CONTACT)
    warnings.push(
      `SECURITY_CONTACT is not set: /.well-known/security.txt names the placeholder ${PLACEHOLDER_SECURITY_CONTACT}. Set it to the address that takes vulnerability reports.`,
    );
  let expires: Date;
  if (options.expires) {
    expires = new Date(options.expires);
    if (Number.isNaN(expires.getTime()))
      throw new Error(`SECURITY_EXPIRES must be an ISO 8601 date-time, got "${options.expires}"`);
    if (expires <= buildDate) warnings.push(`SECURITY_EXPIRES (${options.expires}) has already passed.`);
    else if (expires.getTime() - buildDate.getTime() > 365 * DAY_MS)
      warnings.push(`SECURITY_EXPIRES (${options.expires}) is more than a year ahead (RFC 9116 advises less).`);
  } else {
    // From the build date (SOURCE_DATE_EPOCH), at midnight UTC: the same commit writes the same file.
    const day = new Date(buildDate.getTime() + DEFAULT_LIFETIME_DAYS * DAY_MS);
    expires = new Date(Date.UTC(day.getUTCFullYear(), day.getUTCMonth(), day.getUTCDate()));
    warnings.push(
      `SECURITY_EXPIRES is not set: /.well-known/security.txt expires ${DEFAULT_LIFETIME_DAYS} days after the build date (${expires.toISOString()}). Set it, and rebuild before that date.`,
    );
  }
  return {contact, expires, warnings};
}

/** The URL the file is published at, for its Canonical field. */
export const securityTxtUrl = (siteUrl: string, baseUrl: string) =>
  `${siteUrl.replace(/\/+$/, '')}${baseUrl}.well-known/security.txt`;

/** security.txt (RFC 9116): where to report a vulnerability, until when, in which languages. */
export function securityTxt({contact, expires, siteUrl, baseUrl}: SecurityTxtInput): string {
  return [
    `Contact: ${contact}`,
    `Expires: ${expires.toISOString().replace(/\.000Z$/, 'Z')}`,
    'Preferred-Languages: en, it',
    `Canonical: ${securityTxtUrl(siteUrl, baseUrl)}`,
    '',
  ].join('\n');
}

/**
 * The plugin that writes .well-known/security.txt at the root of the build (once, with the default
 * locale's build), for the settings given. RFC 9116 wants it at the host's root: under a sub-path,
 * serve that copy at /.well-known/ too.
 */
export default function securityTxtPlugin(options: SecurityTxtOptions): () => Plugin {
  return () => ({
    name: 'seerbox-security-txt',
    async postBuild({outDir, siteConfig, i18n}) {
      if (i18n.currentLocale !== i18n.defaultLocale) return;
      const {contact, expires, warnings} = securitySettings(options);
      for (const warning of warnings) console.warn(`[WARNING] ${warning}`);
      const dir = path.join(outDir, '.well-known');
      await mkdir(dir, {recursive: true});
      await writeFile(
        path.join(dir, 'security.txt'),
        securityTxt({contact, expires, siteUrl: siteConfig.url, baseUrl: siteConfig.baseUrl}),
      );
    },
  });
}
