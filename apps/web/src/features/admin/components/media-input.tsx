import type { TUploadKind } from '@opence/shared/schemas';
import { useId, useState, type ChangeEvent, type Ref } from 'react';
import { uploadFile } from '../api/editors.ts';
import type { TDescribedBy } from '../../../components/ui/field.tsx';

/*
 * An uploaded file or a web address: the text box holds the URL (an upload fills it in), the
 * button uploads a file of the kind the field takes, and an image shows as a preview.
 */

const ACCEPT: Record<TUploadKind, string> = {
  image: 'image/jpeg,image/png,image/gif,image/webp',
  audio: 'audio/mpeg,audio/mp4,audio/wav,audio/ogg,.mp3,.m4a,.wav,.ogg',
  pdf: 'application/pdf,.pdf',
  video: 'video/mp4,video/webm,video/quicktime,.mp4,.webm,.mov',
  // The certificate's signature: the server cleans it and stores a PNG (decision 1043).
  signature: 'image/png,image/svg+xml,.png,.svg',
};

const UPLOAD_LABEL: Record<TUploadKind, string> = {
  image: 'Upload an image',
  audio: 'Upload an audio',
  pdf: 'Upload a PDF',
  video: 'Upload a video',
  signature: 'Upload the signature',
};
const isPicture = (kind: TUploadKind) => kind === 'image' || kind === 'signature';

/** The upload button of a media field: a file input under a visible, labelled button. */
export function UploadButton({
  kind,
  label,
  onUploaded,
}: {
  kind: TUploadKind;
  label: string;
  onUploaded: (url: string) => void;
}) {
  const inputId = useId();
  const [state, setState] = useState<{ busy: boolean; error: string | null; done: string | null }>({
    busy: false,
    error: null,
    done: null,
  });
  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setState({ busy: true, error: null, done: null });
    try {
      const uploaded = await uploadFile(file, kind);
      onUploaded(uploaded.url);
      setState({ busy: false, error: null, done: `Uploaded ${uploaded.originalName}.` });
    } catch (error) {
      setState({ busy: false, error: error instanceof Error ? error.message : String(error), done: null });
    }
  };
  return (
    <div className="media-upload">
      {/* The input stays focusable; the label after it shows its focus (admin.css). */}
      <input
        id={inputId}
        className="visually-hidden"
        type="file"
        accept={ACCEPT[kind]}
        onChange={choose}
        disabled={state.busy}
      />
      <label
        className="btn btn-secondary media-upload-button"
        htmlFor={inputId}
        aria-disabled={state.busy || undefined}
      >
        {state.busy ? 'Uploading…' : label}
      </label>
      <span className="media-upload-status" role="status">
        {state.done}
      </span>
      {state.error && (
        <span className="field-error" role="alert">
          {state.error}
        </span>
      )}
    </div>
  );
}

export function MediaInput({
  id,
  kind,
  label,
  value,
  onChange,
  onBlur,
  inputRef,
  describedBy,
}: {
  id: string;
  kind: TUploadKind;
  label: string;
  value: string;
  onChange: (url: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLInputElement>;
  describedBy: TDescribedBy;
}) {
  return (
    <div className="media-input">
      <input
        id={id}
        ref={inputRef}
        type="text"
        inputMode="url"
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        {...describedBy}
      />
      <div className="media-row">
        <UploadButton kind={kind} label={UPLOAD_LABEL[kind]} onUploaded={onChange} />
        {value && isPicture(kind) && <img className="media-preview" src={value} alt={`${label}: preview`} />}
        {value && !isPicture(kind) && (
          <a href={value} target="_blank" rel="noreferrer">
            Open the current file
          </a>
        )}
      </div>
    </div>
  );
}
