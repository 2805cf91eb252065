import type { TUploadKind } from '@opence/shared/schemas';
import { useId, type ChangeEvent, type Ref } from 'react';
import { useUploadFile } from '../api/editors.ts';
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
  const upload = useUploadFile(kind);
  const choose = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    upload.mutate(file, { onSuccess: (uploaded) => onUploaded(uploaded.url) });
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
        disabled={upload.isPending}
      />
      <label
        className="btn btn-secondary media-upload-button"
        htmlFor={inputId}
        aria-disabled={upload.isPending || undefined}
      >
        {upload.isPending ? 'Uploading…' : label}
      </label>
      <span className="media-upload-status" role="status">
        {upload.data && `Uploaded ${upload.data.originalName}.`}
      </span>
      {upload.error && (
        <span className="field-error" role="alert">
          {upload.error.message}
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
