/** What the code editor's frame gives the editor inside it (monaco, or a stand-in in tests). */
export interface CodePaneProps {
  /**
   * The text to show; a change that is not an echo of typing replaces the editor's text.
   * `null` until the value is due (300 ms after mounting): the editor is left as it is.
   */
  readonly value: string | null;
  readonly onChange: (text: string) => void;
  /** monaco's language id. */
  readonly language: string;
  readonly readOnly: boolean;
  readonly tabSize: number;
  /** The accessible name of the editor. */
  readonly label?: string;
  /** Focus the editor once it is there (a grid cell's editor). */
  readonly autoFocus?: boolean;
}
