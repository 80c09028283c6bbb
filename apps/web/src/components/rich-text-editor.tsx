import '@mantine/tiptap/styles.css';
import { useEffect, useId, useRef } from 'react';
import { Input } from '@mantine/core';
import { Link, RichTextEditor } from '@mantine/tiptap';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';

export interface RichTextFieldProps {
  label: string;
  description?: string;
  value: string;
  onChange: (html: string) => void;
  error?: React.ReactNode;
  /** Height of the writing area before it grows. */
  minHeight?: number;
  testId?: string;
  /** Section headings (h2, h3) for long documents such as the client handbook. */
  headings?: boolean;
}

/** What the server's sanitizer keeps (bold, italic, lists, links, paragraphs, headings); nothing it would drop. */
const kit = (headings: boolean) => [
  StarterKit.configure({
    link: false,
    heading: headings ? { levels: [2, 3] } : false,
    code: false,
    codeBlock: false,
    blockquote: false,
    horizontalRule: false,
  }),
  Link,
];
const extensions = kit(false);
const extensionsWithHeadings = kit(true);

/**
 * A labelled rich-text input holding HTML; empty means '' rather than the editor's '<p></p>'.
 * Loaded on demand through RichTextField, so tiptap and ProseMirror stay out of the first bundle.
 */
export function RichTextEditorField({
  label,
  description,
  value,
  onChange,
  error,
  minHeight = 120,
  testId,
  headings = false,
}: RichTextFieldProps) {
  const labelId = useId();
  const descriptionId = useId();
  const errorId = useId();
  // The editor is created once; the latest callback is read through a ref.
  const onChangeRef = useRef(onChange);
  useEffect(() => {
    onChangeRef.current = onChange;
  }, [onChange]);

  const describedBy = [description && descriptionId, error && errorId].filter(Boolean).join(' ');
  const editor = useEditor({
    extensions: headings ? extensionsWithHeadings : extensions,
    content: value,
    shouldRerenderOnTransaction: true,
    editorProps: {
      attributes: {
        role: 'textbox',
        'aria-multiline': 'true',
        'aria-labelledby': labelId,
        ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        ...(error ? { 'aria-invalid': 'true' } : {}),
        ...(testId ? { 'data-testid': testId } : {}),
        style: `min-height: ${minHeight}px`,
      },
    },
    onUpdate: ({ editor: current }) => onChangeRef.current(current.isEmpty ? '' : current.getHTML()),
  });

  return (
    <Input.Wrapper
      label={label}
      labelElement="div"
      labelProps={{ id: labelId, onClick: () => editor?.commands.focus() }}
      description={description}
      descriptionProps={{ id: descriptionId }}
      error={error}
      errorProps={{ id: errorId }}
    >
      <RichTextEditor
        editor={editor}
        mt={description ? 6 : 4}
        style={error ? { borderColor: 'var(--mantine-color-error)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          {headings && (
            <RichTextEditor.ControlsGroup>
              <RichTextEditor.H2 />
              <RichTextEditor.H3 />
            </RichTextEditor.ControlsGroup>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Link />
            <RichTextEditor.Unlink />
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content />
      </RichTextEditor>
    </Input.Wrapper>
  );
}
