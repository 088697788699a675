import { useRef, type ReactNode } from 'react';

export interface FilePickerProps {
  readonly multiple?: boolean;
  /** The browser's file filter (`image/*`); the field checks the files again. */
  readonly accept?: string;
  /** Names the hidden file input. */
  readonly label: string;
  readonly onFiles: (files: File[]) => void;
  /** Draws the trigger; call `choose` to open the browser's file dialog. */
  readonly children: (choose: () => void) => ReactNode;
}

/** The input stays out of sight (antd's reset shows `[hidden]` inputs). */
const HIDDEN = { display: 'none' } as const;

/** The browser's file dialog behind any trigger (a button, an add card). */
export function FilePicker({ multiple, accept, label, onFiles, children }: FilePickerProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <input
        ref={input}
        type="file"
        style={HIDDEN}
        aria-label={label}
        multiple={multiple}
        accept={accept}
        onChange={(event) => {
          const files = Array.from(event.target.files ?? []);
          event.target.value = '';
          if (files.length > 0) onFiles(files);
        }}
      />
      {children(() => input.current?.click())}
    </>
  );
}
