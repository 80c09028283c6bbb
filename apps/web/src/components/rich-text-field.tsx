import { lazy, Suspense } from 'react';
import { Input } from '@mantine/core';
import { SectionLoader } from './loaders';
import type { RichTextFieldProps } from './rich-text-editor';

/** tiptap and ProseMirror are big and only the forms with rich text need them, so the editor loads on first use. */
const RichTextEditorField = lazy(() => import('./rich-text-editor').then((m) => ({ default: m.RichTextEditorField })));

/** Toolbar height plus its gap, so the loader holds the editor's place. */
const TOOLBAR_PX = 44;

/** A labelled rich-text input holding HTML; empty means '' rather than the editor's '<p></p>'. */
export function RichTextField(props: RichTextFieldProps) {
  const { label, description, error, minHeight = 120 } = props;
  return (
    <Suspense
      fallback={
        <Input.Wrapper label={label} labelElement="div" description={description} error={error}>
          <SectionLoader mih={minHeight + TOOLBAR_PX} mt={description ? 6 : 4} />
        </Input.Wrapper>
      }
    >
      <RichTextEditorField {...props} />
    </Suspense>
  );
}
