import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $translate, addStrings, uploaderOptions } from '../../core';
import { useSettledMark } from '../common/settled-mark';
import { sharedStyles, useStyles } from '../common/styles';
import { DropZone } from './DropZone';
import { QueueToolbar } from './QueueToolbar';
import { UPLOADER_STRINGS } from './strings';
import styles from './styles.css';
import { UploadList } from './UploadList';
import { UnfinishedList } from './unfinished';
import { type PhUploaderProps, useUploaderQueue } from './use-uploader-queue';

export type { PhUploaderProps } from './use-uploader-queue';

/** What a page or an app sets: the plain-data props, the same on <ph-uploader> and on the React <PhUploader>. */
export type UploaderSettings = Pick<
  PhUploaderProps,
  'serverid' | 'chunkSize' | 'parallel' | 'accept' | 'maxSize' | 'retryDelays' | 'multiple' | 'directory' | 'autoStart'
>;

addStrings(UPLOADER_STRINGS);
const UPLOADER_STYLES = sharedStyles(styles);

/**
 * The file picker, drop zone and upload list of issue 11, over one upload queue of core. The queue and what acts on
 * it are useUploaderQueue's; the drop zone, the toolbar and the list are regions of their own.
 */
export function PhUploader(props: PhUploaderProps) {
  const translate = useStore($translate);
  const { uploads, states, announcement, unfinished, add, act, actAll } = useUploaderQueue(props, translate);
  const [expanded, setExpanded] = useState(false);
  useStyles(UPLOADER_STYLES);
  // Rendered: the drop zone has the height it keeps (issue 36).
  const settledRef = useSettledMark(true);

  return (
    <section ref={settledRef} className="uploader" part="uploader">
      <DropZone
        translate={translate}
        settings={uploaderOptions(props)}
        multiple={props.multiple}
        directory={props.directory}
        onAdd={add}
      />
      <UnfinishedList unfinished={unfinished} />
      {uploads.length > 0 ? (
        <>
          <QueueToolbar translate={translate} count={uploads.length} states={states} onAction={actAll} />
          <UploadList
            translate={translate}
            uploads={uploads}
            expanded={expanded}
            onExpand={setExpanded}
            onAction={act}
            unfinished={unfinished}
          />
        </>
      ) : null}
      <p className="visually-hidden" role="status" aria-live="polite">
        {announcement}
      </p>
    </section>
  );
}
