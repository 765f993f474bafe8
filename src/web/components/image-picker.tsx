import { useId, useRef, useState, type ChangeEvent } from 'react';
import { messages } from '../../contract/messages.js';
import { uploadMessages } from '../../contract/uploads.js';
import { errorMessageOf } from '../api/api-error.js';
import { useUploadImageMutation } from '../api/uploads.js';
import { IMAGE_ACCEPT, isAcceptedImage } from './image-file.js';
import './image-picker.css';

const p = messages.imagePicker;

/**
 * An optional picture (mailings, shop products): uploaded as soon as it is picked, shown
 * in a 3:4 preview (SPEC §9), removable. The owner keeps only the uploaded picture's address.
 */
export function ImagePicker({
  label,
  imageUrl,
  onChange,
  uploadFailedMessage,
  disabled = false,
}: {
  label: string;
  imageUrl: string | null;
  /** `uploadId` is the upload's number (null when removed), for what names a picture by it. */
  onChange: (imageUrl: string | null, uploadId: number | null) => void;
  /** The screen's text for an upload the server does not explain. */
  uploadFailedMessage?: string;
  disabled?: boolean;
}) {
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const upload = useUploadImageMutation({ fallbackMessage: uploadFailedMessage });
  const [error, setError] = useState<string | null>(null);

  const handlePick = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    // Cleared at once, so picking the same file again after a failure tries again.
    event.target.value = '';
    if (!file) return;
    if (!isAcceptedImage(file)) {
      setError(uploadMessages.wrongType);
      return;
    }
    setError(null);
    upload.mutate(file, {
      onSuccess: ({ imageUrl, uploadId }) => onChange(imageUrl, uploadId),
      onError: (failure) => setError(errorMessageOf(failure, uploadFailedMessage ?? uploadMessages.uploadFailed)),
    });
  };

  const handleRemove = () => {
    onChange(null, null);
    setError(null);
    inputRef.current?.focus();
  };

  return (
    <div className="image-picker" aria-busy={upload.isPending}>
      <span className="image-picker__label" id={`${id}-label`}>
        {label}
      </span>
      {imageUrl && (
        <div className="image-picker__preview">
          <img src={imageUrl} alt={p.previewAlt} />
        </div>
      )}
      <div className="image-picker__controls">
        {/* The real input is the control (keyboard, screen readers); it looks like a button. */}
        <input
          ref={inputRef}
          id={id}
          className="image-picker__input"
          type="file"
          accept={IMAGE_ACCEPT}
          disabled={disabled || upload.isPending}
          aria-labelledby={`${id}-label ${id}-button`}
          aria-describedby={`${id}-hint${error ? ` ${id}-error` : ''}`}
          aria-invalid={error ? true : undefined}
          onChange={handlePick}
        />
        <label htmlFor={id} id={`${id}-button`} className="button button--secondary image-picker__button">
          {upload.isPending ? p.uploading : imageUrl ? p.replace : p.choose}
        </label>
        {imageUrl && (
          <button type="button" className="button button--secondary" disabled={disabled || upload.isPending} onClick={handleRemove}>
            {p.remove}
          </button>
        )}
      </div>
      <p className="image-picker__hint" id={`${id}-hint`}>
        {p.typeHint}
      </p>
      {error && (
        <p className="image-picker__error" id={`${id}-error`} role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
