import { type ChangeEvent, type DragEvent, useId, useState } from 'react';
import {
  canPickFolders,
  currentFolderPickingBrowser,
  DEFAULT_MAX_SIZE,
  type DroppedEntry,
  filesFromDropped,
  formatBytes,
  refusedExtensions,
  type Translate,
  takeDropped,
  toUploadItem,
  type UploaderOptions,
  type UploadItem,
} from '../../core';

export interface DropZoneProps {
  translate: Translate;
  /** The uploader's settings as core reads them (`uploaderOptions`): the limits the hint states, what the picker accepts. */
  settings: UploaderOptions;
  multiple?: boolean | undefined;
  directory?: boolean | undefined;
  /** Files picked or dropped (a dropped folder walked), in the order they came. */
  onAdd: (items: UploadItem[]) => void;
}

/** Where files come in: the drop zone, the file (and folder) pickers, and the limits a file must keep. */
export function DropZone({ translate, settings, multiple, directory, onAdd }: DropZoneProps) {
  const [dragging, setDragging] = useState(false);
  const hintId = useId();
  // Folders only where the browser can pick them (not on phones); dropped folders are walked all the same.
  const [folders] = useState(() => Boolean(directory) && canPickFolders(currentFolderPickingBrowser()));

  const picked = (event: ChangeEvent<HTMLInputElement>) => {
    const input = event.currentTarget;
    onAdd(Array.from(input.files ?? [], (file) => toUploadItem(file)));
    // The same file chosen again (to resume after a reload) must fire `change` again.
    input.value = '';
  };

  const dropped = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    const taken: DroppedEntry[] = takeDropped(event.dataTransfer.items);
    const wanted = directory ? taken : taken.filter((entry) => !entry.entry?.isDirectory);
    void filesFromDropped(wanted).then(onAdd);
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: dropping is a pointer shortcut; the pickers inside are the keyboard way
    <div
      part="dropzone"
      className={dragging ? 'dropzone dragging' : 'dropzone'}
      onDragEnter={(event) => {
        event.preventDefault();
        setDragging(true);
      }}
      onDragOver={(event) => {
        event.preventDefault();
        event.dataTransfer.dropEffect = 'copy';
      }}
      onDragLeave={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setDragging(false);
      }}
      onDrop={dropped}
    >
      <UploadIcon />
      <p className="prompt">{translate(folders ? 'uploader.dropFolders' : 'uploader.drop')}</p>
      <Pickers
        translate={translate}
        multiple={multiple}
        folders={folders}
        accept={settings.accept}
        hintId={hintId}
        onChange={picked}
      />
      <p className="hint" id={hintId}>
        {limitHints(settings, translate).join(' · ')}
      </p>
    </div>
  );
}

interface PickersProps {
  translate: Translate;
  multiple: boolean | undefined;
  /** A second picker, for a folder. */
  folders: boolean;
  accept: string | undefined;
  hintId: string;
  onChange: (event: ChangeEvent<HTMLInputElement>) => void;
}

/** The file picker, and the folder picker where folders are wanted and the browser can pick them. */
function Pickers({ translate, multiple, folders, accept, hintId, onChange }: PickersProps) {
  return (
    <div className="pickers">
      <label className="pick" part="pick">
        <input
          type="file"
          className="picker"
          multiple={Boolean(multiple)}
          accept={accept}
          aria-describedby={hintId}
          onChange={onChange}
        />
        {translate('uploader.choose')}
      </label>
      {folders ? (
        <label className="pick" part="pick pick-folder">
          <input
            type="file"
            className="picker"
            aria-describedby={hintId}
            onChange={onChange}
            {...{ webkitdirectory: '' }}
          />
          {translate('uploader.chooseFolder')}
        </label>
      ) : null}
    </div>
  );
}

/** What the hint under the pickers says: the size limit, the accepted types if any, the types always refused. */
function limitHints(settings: UploaderOptions, translate: Translate): string[] {
  const hints = [translate('uploader.limits', { size: formatBytes(settings.maxSize ?? DEFAULT_MAX_SIZE, 1) })];
  if (settings.accept) hints.push(translate('uploader.accepts', { accept: settings.accept }));
  hints.push(
    translate('uploader.refusedTypes', {
      types: refusedExtensions()
        .map((extension) => `.${extension}`)
        .join(' '),
    }),
  );
  return hints;
}

function UploadIcon() {
  return (
    <svg className="icon" viewBox="0 0 24 24" width="40" height="40" aria-hidden="true" focusable="false">
      <path
        fill="currentColor"
        d="M19.35 10.04A7.49 7.49 0 0 0 12 4a7.5 7.5 0 0 0-6.65 4.04A5.99 5.99 0 0 0 6 20h13a5 5 0 0 0 .35-9.96ZM14 13v4h-4v-4H7l5-5 5 5h-3Z"
      />
    </svg>
  );
}
