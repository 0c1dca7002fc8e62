import { isOpenableUrl } from '../util/url';

// §2 download-client dialog: the desktop client's installers, with links from configuration (`phinit`'s
// `clientDownloads`). Only http(s) or same-site addresses are offered: configuration is page script, but a typo
// must never become a `javascript:` link.

/** The installers the platform publishes, in the order the dialog lists them. */
export const CLIENT_DOWNLOAD_KINDS = ['windowsInstaller', 'windowsPortable', 'macIntel', 'macArm'] as const;
export type ClientDownloadKind = (typeof CLIENT_DOWNLOAD_KINDS)[number];
export type ClientDownloadLinks = Partial<Record<ClientDownloadKind, string>>;

export interface ClientDownload {
  kind: ClientDownloadKind;
  url: string;
}

/** The links to list; empty when none is configured (then the header shows no download action). */
export function clientDownloads(links: ClientDownloadLinks | undefined): ClientDownload[] {
  if (!links) return [];
  return CLIENT_DOWNLOAD_KINDS.flatMap((kind) => {
    const url = typeof links[kind] === 'string' ? links[kind].trim() : '';
    return url && isOpenableUrl(url) ? [{ kind, url }] : [];
  });
}

/** §2: the download action shows when links are configured and the page is not already in the desktop client. */
export function downloadActionShown(downloads: readonly ClientDownload[], desktopClient: boolean): boolean {
  return downloads.length > 0 && !desktopClient;
}
