// Rich text (a question stem, a course's introduction) in @mantine/tiptap on tiptap's starter kit + image:
// bold, italic, underline, lists and images uploaded through the uploads API (the server keeps only images of
// its own uploads when it sanitises the text, src/server/lib/rich-text.ts). The editor's HTML is the form's
// value. `article` adds what a published article needs (the server's article allow-list): headings h2–h4,
// strikethrough, quotes, links and tables.
import { Text } from '@mantine/core';
import { RichTextEditor } from '@mantine/tiptap';
import '@mantine/tiptap/styles.css';
import {
  IconColumnInsertRight,
  IconPhoto,
  IconRowInsertBottom,
  IconTable,
  IconTableOff,
} from '@tabler/icons-react';
import Image from '@tiptap/extension-image';
import { TableKit } from '@tiptap/extension-table';
import { useEditor } from '@tiptap/react';
import StarterKit from '@tiptap/starter-kit';
import { useEffect, useRef, useState } from 'react';
import { failureText } from '../data/failure-text.ts';
import type { UploadKind } from '../../../shared/uploads/schema.ts';
import { uploadFile } from '../uploads/upload-file.ts';

/** The table buttons' names (a feature's own texts). */
export interface RichTextTableLabels {
  insert: string;
  addRow: string;
  addColumn: string;
  remove: string;
}

export interface RichTextFieldProps {
  value: string;
  onChange: (html: string) => void;
  label?: string;
  /** The image button's name (a feature's own text). */
  imageLabel: string;
  error?: string | null;
  /** The upload kind of inserted images ('other' unless given). */
  imageKind?: UploadKind;
  /** An article's editor: headings, strikethrough, quotes, links and tables (with these labels). */
  article?: { table: RichTextTableLabels };
  'data-testid'?: string;
}

export function RichTextField({
  value,
  onChange,
  label,
  imageLabel,
  error,
  imageKind = 'other',
  article,
  'data-testid': testId,
}: RichTextFieldProps) {
  const file = useRef<HTMLInputElement>(null);
  const [uploading, setUploading] = useState(false);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const editor = useEditor({
    extensions: article
      ? [
          StarterKit.configure({
            code: false,
            codeBlock: false,
            horizontalRule: false,
            heading: { levels: [2, 3, 4] },
            link: { openOnClick: false, protocols: ['http', 'https', 'mailto', 'tel'] },
          }),
          Image,
          TableKit.configure({ table: { resizable: false } }),
        ]
      : [StarterKit.configure({ link: false, code: false, codeBlock: false, heading: false }), Image],
    content: value,
    immediatelyRender: true,
    shouldRerenderOnTransaction: false,
    onUpdate: ({ editor: current }) => onChange(current.isEmpty ? '' : current.getHTML()),
  });

  // A new value from outside (another record opened): shown, unless the editor already holds it.
  useEffect(() => {
    if (editor && value !== editor.getHTML() && !(value === '' && editor.isEmpty))
      editor.commands.setContent(value, { emitUpdate: false });
  }, [editor, value]);

  const addImage = async (chosen: File) => {
    setUploading(true);
    setUploadError(null);
    try {
      const info = await uploadFile(chosen, { kind: imageKind, apiType: 'administrators' });
      editor?.chain().focus().setImage({ src: info.url }).run();
    } catch (failure) {
      setUploadError(failureText(failure));
    } finally {
      setUploading(false);
    }
  };

  return (
    <div data-testid={testId}>
      {label && (
        <Text fz="sm" fw={500} mb={4}>
          {label}
        </Text>
      )}
      <RichTextEditor
        editor={editor}
        style={error ? { borderColor: 'var(--mantine-color-red-6)' } : undefined}
      >
        <RichTextEditor.Toolbar>
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Bold />
            <RichTextEditor.Italic />
            <RichTextEditor.Underline />
            <RichTextEditor.BulletList />
            <RichTextEditor.OrderedList />
          </RichTextEditor.ControlsGroup>
          {article && (
            <>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.H2 />
                <RichTextEditor.H3 />
                <RichTextEditor.H4 />
                <RichTextEditor.Strikethrough />
                <RichTextEditor.Blockquote />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Link />
                <RichTextEditor.Unlink />
              </RichTextEditor.ControlsGroup>
              <RichTextEditor.ControlsGroup>
                <RichTextEditor.Control
                  onClick={() =>
                    editor?.chain().focus().insertTable({ rows: 3, cols: 3, withHeaderRow: true }).run()
                  }
                  aria-label={article.table.insert}
                  title={article.table.insert}
                  data-testid={testId ? `${testId}-table` : undefined}
                >
                  <IconTable size={16} />
                </RichTextEditor.Control>
                <RichTextEditor.Control
                  onClick={() => editor?.chain().focus().addRowAfter().run()}
                  aria-label={article.table.addRow}
                  title={article.table.addRow}
                >
                  <IconRowInsertBottom size={16} />
                </RichTextEditor.Control>
                <RichTextEditor.Control
                  onClick={() => editor?.chain().focus().addColumnAfter().run()}
                  aria-label={article.table.addColumn}
                  title={article.table.addColumn}
                >
                  <IconColumnInsertRight size={16} />
                </RichTextEditor.Control>
                <RichTextEditor.Control
                  onClick={() => editor?.chain().focus().deleteTable().run()}
                  aria-label={article.table.remove}
                  title={article.table.remove}
                >
                  <IconTableOff size={16} />
                </RichTextEditor.Control>
              </RichTextEditor.ControlsGroup>
            </>
          )}
          <RichTextEditor.ControlsGroup>
            <RichTextEditor.Control
              onClick={() => file.current?.click()}
              aria-label={imageLabel}
              title={imageLabel}
              disabled={uploading}
              data-testid={testId ? `${testId}-image` : undefined}
            >
              <IconPhoto size={16} />
            </RichTextEditor.Control>
          </RichTextEditor.ControlsGroup>
        </RichTextEditor.Toolbar>
        <RichTextEditor.Content data-testid={testId ? `${testId}-content` : undefined} />
      </RichTextEditor>
      <input
        ref={file}
        type="file"
        accept=".png,.jpg,.jpeg,.gif,.bmp,image/*"
        hidden
        onChange={(event) => {
          const chosen = event.currentTarget.files?.[0];
          event.currentTarget.value = '';
          if (chosen) void addImage(chosen);
        }}
      />
      {(error || uploadError) && (
        <Text c="red" fz="xs" mt={4}>
          {error || uploadError}
        </Text>
      )}
    </div>
  );
}
