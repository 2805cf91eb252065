import { useEffect, useRef, type Ref } from 'react';
import type { TDescribedBy } from './field-frame.tsx';

/*
 * A small rich text editor for blog bodies: a contenteditable region with bold, italic,
 * heading, list and link. What it produces is sanitised by the server on save (03 §4), so the
 * editor only has to make editing easy, not safe.
 */

const TOOLS = [
  { command: 'bold', label: 'Bold', text: 'B' },
  { command: 'italic', label: 'Italic', text: 'I' },
  { command: 'formatBlock', value: 'h2', label: 'Heading', text: 'H' },
  { command: 'formatBlock', value: 'p', label: 'Paragraph', text: '¶' },
  { command: 'insertUnorderedList', label: 'Bulleted list', text: '• List' },
  { command: 'createLink', label: 'Link', text: 'Link' },
] as const;

export function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  inputRef,
  describedBy,
}: {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  inputRef: Ref<HTMLDivElement>;
  describedBy: TDescribedBy;
}) {
  const area = useRef<HTMLDivElement | null>(null);

  // Set from outside (load, reset after save) only when it differs, so typing keeps the caret.
  useEffect(() => {
    if (area.current && area.current.innerHTML !== value) area.current.innerHTML = value;
  }, [value]);

  const apply = (tool: (typeof TOOLS)[number]) => {
    area.current?.focus();
    if (tool.command === 'createLink') {
      const url = window.prompt('Link address (https://…)');
      if (!url) return;
      document.execCommand('createLink', false, url);
    } else {
      document.execCommand(tool.command, false, 'value' in tool ? tool.value : undefined);
    }
    onChange(area.current?.innerHTML ?? '');
  };

  return (
    <div className="rte">
      <div className="rte-toolbar" role="toolbar" aria-label="Formatting" aria-controls={id}>
        {TOOLS.map((tool) => (
          <button
            key={tool.label}
            type="button"
            className="rte-button"
            aria-label={tool.label}
            title={tool.label}
            // Keeps the selection in the text while the button is pressed.
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => apply(tool)}
          >
            {tool.text}
          </button>
        ))}
      </div>
      <div
        id={id}
        ref={(node) => {
          area.current = node;
          if (typeof inputRef === 'function') inputRef(node);
        }}
        className="rte-area"
        role="textbox"
        aria-multiline="true"
        aria-labelledby={labelId}
        tabIndex={0}
        contentEditable
        suppressContentEditableWarning
        onInput={(e) => onChange(e.currentTarget.innerHTML)}
        onBlur={onBlur}
        {...describedBy}
      />
    </div>
  );
}
