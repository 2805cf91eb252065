import { EditorContent, useEditor } from '@tiptap/react';
import { useEffect, useLayoutEffect, useRef } from 'react';
import type { TDescribedBy } from '../../../../components/ui/field.tsx';
import { richTextExtensions } from './schema.ts';
import { Toolbar } from './toolbar.tsx';

/*
 * The staff rich-text editor (docs/decisions/0909): Tiptap (ProseMirror) over the schema in
 * schema.ts, which holds only what the server's sanitiser keeps. It has its own undo history,
 * keyboard shortcuts (Ctrl/Cmd+B, I, Z, Shift+Z, Ctrl+Alt+2…4, Ctrl+Shift+7/8/B), and pastes from
 * Word or Google Docs cleaned to the schema. It is loaded only when a console form has an HTML
 * field (field-input.tsx imports it lazily), never by the member pages.
 */

/** The HTML the editor holds, written as the sanitiser writes it (a no-break space as the character). */
function htmlOf(editor: { isEmpty: boolean; getHTML: () => string }): string {
  return editor.isEmpty ? '' : editor.getHTML().replaceAll('&nbsp;', '\u00a0');
}

export type TRichTextEditorProps = {
  id: string;
  labelId: string;
  value: string;
  onChange: (html: string) => void;
  onBlur: () => void;
  /** The form's ref callback (react-hook-form only calls `focus` on what it is given). */
  inputRef: (node: { focus: () => void } | null) => void;
  describedBy: TDescribedBy;
};

const areaAttributes = (id: string, labelId: string, describedBy: TDescribedBy) => {
  const attributes: Record<string, string> = {
    id,
    class: 'rte-area',
    role: 'textbox',
    'aria-multiline': 'true',
    'aria-labelledby': labelId,
  };
  if (describedBy['aria-describedby']) attributes['aria-describedby'] = describedBy['aria-describedby'];
  if (describedBy['aria-invalid']) attributes['aria-invalid'] = 'true';
  return attributes;
};

export default function RichTextEditor({
  id,
  labelId,
  value,
  onChange,
  onBlur,
  inputRef,
  describedBy,
}: TRichTextEditorProps) {
  /** The last HTML this editor reported, so a value coming back from the form is not set again. */
  const reported = useRef(value);
  const callbacks = useRef({ onChange, onBlur });
  useLayoutEffect(() => {
    callbacks.current = { onChange, onBlur };
  }, [onChange, onBlur]);

  const editor = useEditor({
    extensions: richTextExtensions(),
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    editorProps: { attributes: areaAttributes(id, labelId, describedBy) },
    onUpdate: ({ editor: e }) => {
      const html = htmlOf(e);
      reported.current = html;
      callbacks.current.onChange(html);
    },
    onBlur: () => callbacks.current.onBlur(),
  });

  // The form focuses the first invalid field through this ref (the view may not be mounted yet,
  // so the form is handed a focus function rather than the element).
  useEffect(() => {
    if (editor) inputRef({ focus: () => editor.commands.focus() });
  }, [editor, inputRef]);

  // Error and hint ids change with validation.
  const ariaDescribedBy = describedBy['aria-describedby'];
  const ariaInvalid = describedBy['aria-invalid'];
  useEffect(() => {
    editor?.setOptions({
      editorProps: {
        attributes: areaAttributes(id, labelId, {
          'aria-describedby': ariaDescribedBy,
          'aria-invalid': ariaInvalid,
        }),
      },
    });
  }, [editor, id, labelId, ariaDescribedBy, ariaInvalid]);

  // Set from outside (the row loaded, the form reset after a save) only when it differs.
  useEffect(() => {
    if (!editor || value === reported.current) return;
    reported.current = value;
    editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  return (
    <div className="rte">
      <Toolbar editor={editor} areaId={id} />
      <EditorContent editor={editor} />
    </div>
  );
}
