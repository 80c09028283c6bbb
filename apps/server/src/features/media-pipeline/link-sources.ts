import type { LinkService } from '@cutroom/domain';

/**
 * Where a delivery link's file is downloaded from (issue 49). Dropbox share links (`dl=0`) and Google Drive
 * file links open a preview page; these rules turn them into their direct download. The rules go by the
 * link's shape as well as its host, so the tests' loopback fakes of both take the same path.
 */
export type LinkPlan = { url: URL; service: LinkService; folder: boolean };

const DROPBOX_HOST = /(^|\.)dropbox(usercontent)?\.com$/i;
const DRIVE_HOST = /^(drive|docs|drive\.usercontent)\.google\.com$/i;
const DRIVE_FILE = /^\/file\/d\/([\w-]{10,})(\/(view|edit|preview)?)?$/;
const DROPBOX_FOLDER = /^\/(sh|scl\/fo)\//;
const DRIVE_FOLDER = /^\/drive\/(u\/\d+\/)?folders\//;

export function downloadPlan(link: string): LinkPlan {
  const url = new URL(link);
  const dropbox = DROPBOX_HOST.test(url.hostname) || url.searchParams.get('dl') === '0';
  if (dropbox) {
    const folder = DROPBOX_FOLDER.test(url.pathname);
    // dl=1 asks Dropbox for the file itself instead of its preview page.
    if (!folder) url.searchParams.set('dl', '1');
    return { url, service: 'dropbox', folder };
  }
  const file = DRIVE_FILE.exec(url.pathname);
  const driveHost = DRIVE_HOST.test(url.hostname);
  if (file || driveHost) {
    if (DRIVE_FOLDER.test(url.pathname)) return { url, service: 'drive', folder: true };
    const id = file?.[1] ?? (url.pathname === '/open' || url.pathname === '/uc' ? url.searchParams.get('id') : null);
    if (!id) return { url, service: 'drive', folder: false };
    const direct = new URL('/uc', url.origin);
    direct.searchParams.set('export', 'download');
    direct.searchParams.set('id', id);
    return { url: direct, service: 'drive', folder: false };
  }
  return { url, service: 'other', folder: false };
}

const attr = (tag: string, name: string) =>
  new RegExp(`\\b${name}\\s*=\\s*("([^"]*)"|'([^']*)')`, 'i')
    .exec(tag)
    ?.slice(2, 4)
    .find((v) => v !== undefined);

const unescape = (s: string) =>
  s
    .replace(/&amp;/g, '&')
    .replace(/&#39;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&#x3D;/gi, '=');

/**
 * The download behind Google Drive's "can't scan this file for viruses" page: its download form (action and
 * hidden fields) or, on older pages, a link carrying `confirm=`. Null when the page has neither.
 */
export function driveConfirmTarget(html: string, base: URL): URL | null {
  const form = /<form\b[^>]*\bid\s*=\s*["']download-form["'][^>]*>([\s\S]*?)<\/form>/i.exec(html);
  if (form) {
    const action = attr(form[0].slice(0, form[0].indexOf('>') + 1), 'action');
    if (action) {
      const target = new URL(unescape(action), base);
      for (const input of form[1]!.match(/<input\b[^>]*>/gi) ?? []) {
        const name = attr(input, 'name');
        if (name && /type\s*=\s*["']?hidden/i.test(input))
          target.searchParams.set(name, unescape(attr(input, 'value') ?? ''));
      }
      return target;
    }
  }
  const href = /href\s*=\s*["']([^"']*[?&](amp;)?confirm=[^"']*)["']/i.exec(html);
  return href ? new URL(unescape(href[1]!), base) : null;
}

/** What an HTML answer is instead of the video: a sign-in, a folder listing, or some other page. */
export function pageKind(html: string): 'sign-in' | 'folder' | 'page' {
  if (/<input\b[^>]*type\s*=\s*["']?password/i.test(html)) return 'sign-in';
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(html)?.[1] ?? '';
  if (/\b(sign[ -]?in|log[ -]?in)\b/i.test(title)) return 'sign-in';
  if (/^\s*index of\b/i.test(title) || /\bfolder\b/i.test(title)) return 'folder';
  return 'page';
}

/** A redirect to a sign-in page (Dropbox's /login, Google's accounts.google.com ServiceLogin and the like). */
export const isSignInUrl = (url: URL) =>
  /^accounts\.google\.com$/i.test(url.hostname) || /\/(login|signin|sign-in|servicelogin)\b/i.test(url.pathname);

/** The bytes look like HTML (a page sent as application/octet-stream is still a page). */
export const looksLikeHtml = (head: Buffer) =>
  /^\s*(<!doctype html|<html|<head|<body|<!--)/i.test(head.toString('latin1', 0, 512));
