import { useStore } from '@nanostores/react';
import { $config, $translate, clientDownloads } from '../../core';
import { PhModal } from '../ph-modal/PhModal';

export interface DownloadDialogProps {
  open: boolean;
  onClose: () => void;
}

/** §2 download-client dialog: a link to each configured installer of the desktop client. */
export function DownloadDialog({ open, onClose }: DownloadDialogProps) {
  const translate = useStore($translate);
  const config = useStore($config);
  const downloads = clientDownloads(config?.clientDownloads);
  return (
    <PhModal
      platformDialog
      inline
      open={open}
      heading={translate('header.download')}
      width="400px"
      onRequestClose={onClose}
    >
      <p>{translate('header.downloadIntro')}</p>
      <ul className="downloads" part="downloads">
        {downloads.map((download) => (
          <li key={download.kind}>
            <a href={download.url} download rel="noopener">
              {translate(`header.download.${download.kind}`)}
            </a>
          </li>
        ))}
      </ul>
    </PhModal>
  );
}
