/**
 * Scalar's field editor (`CodeInputLite`: the server variables and the authentication fields of the reference) is a
 * contenteditable `role="combobox"` with `aria-autocomplete`. Where Scalar's own markup gives it no `aria-label`, it
 * has no accessible name (its visible label is a `div`, not a `<label>`), and while its variables list is closed it
 * carries no `aria-expanded`, which a combobox requires: axe's WCAG rules `aria-input-field-name` and
 * `aria-required-attr` (issue 23). Scalar offers no option for either, so each editor under `root` is given the name
 * its visible label shows (or its placeholder) and `aria-expanded="false"` while closed, now and whenever Scalar
 * renders or re-renders one. Only missing attributes are added: what Scalar sets itself is left alone.
 */
export function nameScalarEditors(root: HTMLElement, fallbackName: string): () => void {
  const fix = () => {
    for (const editor of root.querySelectorAll<HTMLElement>(".code-input-lite__editor")) {
      if (editor.getAttribute("role") === "combobox" && !editor.hasAttribute("aria-expanded")) {
        editor.setAttribute("aria-expanded", "false");
      }
      if (!editor.hasAttribute("aria-label") && !editor.hasAttribute("aria-labelledby")) {
        editor.setAttribute("aria-label", visibleLabel(editor) ?? fallbackName);
      }
    }
  };
  fix();
  const observer = new MutationObserver(fix);
  observer.observe(root, {
    subtree: true,
    childList: true,
    attributes: true,
    attributeFilter: ["aria-expanded", "aria-label", "role"],
  });
  return () => observer.disconnect();
}

/**
 * The words Scalar shows as the editor's label: the cell before its field (`Token:`), else its placeholder.
 * `DataTableInput` renders the label as the field wrapper's previous sibling, with the trailing colon as text.
 */
function visibleLabel(editor: HTMLElement): string | undefined {
  const field = editor.closest(".code-input-lite")?.parentElement;
  const label = field?.previousElementSibling?.textContent?.replace(/:\s*$/, "").trim();
  if (label) return label;
  return editor.getAttribute("data-placeholder")?.trim() || undefined;
}
