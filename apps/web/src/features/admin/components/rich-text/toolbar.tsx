import { isSafeUrl } from '@opence/shared';
import { useEditorState, type Editor } from '@tiptap/react';
import { useId, useState, type KeyboardEvent, type ReactNode } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useRecentUploads } from '../../api/editors.ts';
import { UploadButton } from '../media-input.tsx';

/*
 * The editor's toolbar: each control is a button with a visible mark and an accessible name;
 * toggles say whether they are on (aria-pressed); shortcuts are announced (aria-keyshortcuts).
 * Arrow keys move between the buttons. Links and images open a small form under the toolbar.
 */

type TPanel = 'link' | 'image' | null;

/** Text for a web address typed without a scheme ("example.com/page" → https://…). */
export function normaliseAddress(typed: string): string {
  const value = typed.trim();
  if (!value) return '';
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) || /^[/#?.]/.test(value)) return value;
  if (/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(value)) return `mailto:${value}`;
  return `https://${value}`;
}

const ADDRESS_REFUSED = 'Use a web address (https://…), an e-mail address, or a phone number (tel:…).';

function ToolButton({
  label,
  shortcut,
  pressed,
  disabled,
  onClick,
  children,
}: {
  label: string;
  shortcut?: string;
  pressed?: boolean;
  disabled?: boolean;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      className="rte-button"
      aria-label={label}
      title={shortcut ? `${label} (${shortcut.replace('Control', 'Ctrl')})` : label}
      aria-keyshortcuts={shortcut}
      aria-pressed={pressed}
      disabled={disabled}
      // Keeps the selection in the text while the button is pressed.
      onMouseDown={(e) => e.preventDefault()}
      onClick={onClick}
    >
      <span aria-hidden="true">{children}</span>
    </button>
  );
}

/** Arrow keys, Home and End move between the toolbar's buttons (the ARIA toolbar pattern). */
function moveFocus(event: KeyboardEvent<HTMLDivElement>) {
  const keys = ['ArrowLeft', 'ArrowRight', 'Home', 'End'];
  if (!keys.includes(event.key)) return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button:not([disabled])')];
  const at = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (at < 0) return;
  event.preventDefault();
  const next =
    event.key === 'Home'
      ? 0
      : event.key === 'End'
        ? buttons.length - 1
        : (at + (event.key === 'ArrowRight' ? 1 : -1) + buttons.length) % buttons.length;
  buttons[next]?.focus();
}

export function Toolbar({ editor, areaId }: { editor: Editor | null; areaId: string }) {
  const [panel, setPanel] = useState<TPanel>(null);
  const state = useEditorState({
    editor,
    selector: ({ editor: e }) =>
      e
        ? {
            bold: e.isActive('bold'),
            italic: e.isActive('italic'),
            h2: e.isActive('heading', { level: 2 }),
            h3: e.isActive('heading', { level: 3 }),
            bulletList: e.isActive('bulletList'),
            orderedList: e.isActive('orderedList'),
            blockquote: e.isActive('blockquote'),
            link: e.isActive('link'),
            table: e.isActive('table'),
            canUndo: e.can().undo(),
            canRedo: e.can().redo(),
          }
        : null,
  });
  if (!editor || !state) return <div className="rte-toolbar" aria-hidden="true" />;
  const chain = () => editor.chain().focus();
  const toggle = (which: TPanel) => setPanel((open) => (open === which ? null : which));

  return (
    <>
      <div
        className="rte-toolbar"
        role="toolbar"
        aria-label="Formatting"
        aria-controls={areaId}
        onKeyDown={moveFocus}
      >
        <ToolButton
          label="Heading"
          shortcut="Control+Alt+2"
          pressed={state.h2}
          onClick={() => chain().toggleHeading({ level: 2 }).run()}
        >
          H2
        </ToolButton>
        <ToolButton
          label="Subheading"
          shortcut="Control+Alt+3"
          pressed={state.h3}
          onClick={() => chain().toggleHeading({ level: 3 }).run()}
        >
          H3
        </ToolButton>
        <ToolButton
          label="Bold"
          shortcut="Control+B"
          pressed={state.bold}
          onClick={() => chain().toggleBold().run()}
        >
          <strong>B</strong>
        </ToolButton>
        <ToolButton
          label="Italic"
          shortcut="Control+I"
          pressed={state.italic}
          onClick={() => chain().toggleItalic().run()}
        >
          <em>I</em>
        </ToolButton>
        <ToolButton
          label="Bulleted list"
          shortcut="Control+Shift+8"
          pressed={state.bulletList}
          onClick={() => chain().toggleBulletList().run()}
        >
          • List
        </ToolButton>
        <ToolButton
          label="Numbered list"
          shortcut="Control+Shift+7"
          pressed={state.orderedList}
          onClick={() => chain().toggleOrderedList().run()}
        >
          1. List
        </ToolButton>
        <ToolButton
          label="Quote"
          shortcut="Control+Shift+B"
          pressed={state.blockquote}
          onClick={() => chain().toggleBlockquote().run()}
        >
          “ ”
        </ToolButton>
        <ToolButton label="Link" pressed={state.link || panel === 'link'} onClick={() => toggle('link')}>
          Link
        </ToolButton>
        <ToolButton label="Image" pressed={panel === 'image'} onClick={() => toggle('image')}>
          Image
        </ToolButton>
        <ToolButton
          label="Table"
          pressed={state.table}
          disabled={state.table}
          onClick={() => chain().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()}
        >
          Table
        </ToolButton>
        {state.table && (
          <>
            <ToolButton label="Add a row" onClick={() => chain().addRowAfter().run()}>
              + Row
            </ToolButton>
            <ToolButton label="Add a column" onClick={() => chain().addColumnAfter().run()}>
              + Column
            </ToolButton>
            <ToolButton label="Remove the row" onClick={() => chain().deleteRow().run()}>
              − Row
            </ToolButton>
            <ToolButton label="Remove the column" onClick={() => chain().deleteColumn().run()}>
              − Column
            </ToolButton>
            <ToolButton label="Remove the table" onClick={() => chain().deleteTable().run()}>
              − Table
            </ToolButton>
          </>
        )}
        <ToolButton
          label="Undo"
          shortcut="Control+Z"
          disabled={!state.canUndo}
          onClick={() => chain().undo().run()}
        >
          ↶ Undo
        </ToolButton>
        <ToolButton
          label="Redo"
          shortcut="Control+Shift+Z"
          disabled={!state.canRedo}
          onClick={() => chain().redo().run()}
        >
          ↷ Redo
        </ToolButton>
      </div>
      {panel === 'link' && <LinkPanel editor={editor} onClose={() => setPanel(null)} />}
      {panel === 'image' && <ImagePanel editor={editor} onClose={() => setPanel(null)} />}
    </>
  );
}

function PanelField({
  label,
  value,
  onChange,
  error,
  autoFocus,
  inputMode,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  autoFocus?: boolean;
  inputMode?: 'url';
}) {
  const id = useId();
  return (
    <div className="field rte-panel-field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        value={value}
        inputMode={inputMode}
        autoFocus={autoFocus}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
      />
      {error && (
        <span id={`${id}-error`} className="field-error">
          {error}
        </span>
      )}
    </div>
  );
}

/**
 * Enter in a panel's text field runs its action instead of submitting the console's form;
 * Escape closes the panel and returns to the text.
 */
const panelKeys =
  (action: () => void, close: () => void, editor: Editor) => (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key === 'Escape') {
      event.preventDefault();
      editor.commands.focus();
      close();
    } else if (
      event.key === 'Enter' &&
      event.target instanceof HTMLInputElement &&
      event.target.type === 'text'
    ) {
      event.preventDefault();
      action();
    }
  };

/** Sets, changes or removes the link at the selection; with nothing selected, the address is the text. */
function LinkPanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const [address, setAddress] = useState(
    () => (editor.getAttributes('link').href as string | undefined) ?? '',
  );
  const [error, setError] = useState<string | null>(null);
  const isLink = editor.isActive('link');

  const apply = () => {
    const href = normaliseAddress(address);
    if (!href || !isSafeUrl(href)) {
      setError(ADDRESS_REFUSED);
      return;
    }
    const chain = editor.chain().focus().extendMarkRange('link');
    if (editor.state.selection.empty && !isLink) {
      chain.insertContent({ type: 'text', text: href, marks: [{ type: 'link', attrs: { href } }] }).run();
    } else {
      chain.setLink({ href }).run();
    }
    onClose();
  };

  return (
    // Not a form: the editor sits inside the console's form. Enter in a field applies.
    <div className="rte-panel" role="group" aria-label="Link" onKeyDown={panelKeys(apply, onClose, editor)}>
      <PanelField
        label="Link address"
        value={address}
        onChange={setAddress}
        error={error}
        inputMode="url"
        autoFocus
      />
      <div className="rte-panel-actions">
        <button type="button" className="btn" onClick={apply}>
          Apply link
        </button>
        {isLink && (
          <button
            type="button"
            className="btn btn-secondary"
            onClick={() => {
              editor.chain().focus().extendMarkRange('link').unsetLink().run();
              onClose();
            }}
          >
            Remove link
          </button>
        )}
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            editor.commands.focus();
            onClose();
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}

/** The latest uploaded images as buttons: choosing one fills in the address. */
function RecentImages({ chosen, onChoose }: { chosen: string; onChoose: (url: string) => void }) {
  const recent = useRecentUploads('image');
  if (recent.isPending) return <p className="rte-recent-note">Loading the uploaded images…</p>;
  if (recent.isError) return <p className="rte-recent-note">The uploaded images could not be loaded.</p>;
  if (recent.data.length === 0) return <p className="rte-recent-note">No images uploaded yet.</p>;
  return (
    <div className="rte-recent" role="group" aria-label="Uploaded images">
      {recent.data.map((image) => (
        <button
          key={image.id}
          type="button"
          className="rte-recent-image"
          aria-pressed={chosen === image.url}
          title={image.originalName}
          onClick={() => onChoose(image.url)}
        >
          <img src={image.url} alt={image.originalName} loading="lazy" width={64} height={64} />
        </button>
      ))}
    </div>
  );
}

/** Inserts an image: uploaded here (the console's uploads) or by its address, with its alt text. */
function ImagePanel({ editor, onClose }: { editor: Editor; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [src, setSrc] = useState('');
  const [alt, setAlt] = useState('');
  const [error, setError] = useState<string | null>(null);

  const insert = () => {
    const address = normaliseAddress(src);
    if (!address || !isSafeUrl(address) || /^(mailto|tel):/i.test(address)) {
      setError('Upload an image or enter its web address.');
      return;
    }
    // An empty paragraph after the image takes the cursor (else the image stays selected and the
    // next thing typed or inserted would replace it).
    editor
      .chain()
      .focus()
      .insertContent([{ type: 'image', attrs: { src: address, alt: alt.trim() } }, { type: 'paragraph' }])
      .run();
    onClose();
  };

  return (
    <div className="rte-panel" role="group" aria-label="Image" onKeyDown={panelKeys(insert, onClose, editor)}>
      <RecentImages chosen={src} onChoose={setSrc} />
      <UploadButton
        kind="image"
        label="Upload an image"
        onUploaded={(url) => {
          setSrc(url);
          void queryClient.invalidateQueries({ queryKey: ['admin', 'uploads', 'image'] });
        }}
      />
      <PanelField label="Image address" value={src} onChange={setSrc} error={error} inputMode="url" />
      <PanelField label="Description for screen readers (alt text)" value={alt} onChange={setAlt} />
      {src && isSafeUrl(src) && <img className="media-preview" src={src} alt="" />}
      <div className="rte-panel-actions">
        <button type="button" className="btn" onClick={insert}>
          Insert image
        </button>
        <button
          type="button"
          className="btn btn-secondary"
          onClick={() => {
            editor.commands.focus();
            onClose();
          }}
        >
          Cancel
        </button>
      </div>
    </div>
  );
}
