/**
 * An image reference in a narrow cell: one line, never broken mid-word. Where it does not fit, its registry path
 * gives way first (cut with an ellipsis) so the name and tag stay readable; the whole reference is its title, and it
 * takes keyboard focus, which shows it whole (app/globals.css `.image-ref:focus`).
 */
export function ImageRef({ image, as: Tag = "div" }: { image: string; as?: "div" | "span" }) {
  const cut = image.lastIndexOf("/") + 1;
  return (
    <Tag className="image-ref" title={image} tabIndex={0} data-testid="image-ref" data-image={image}>
      {cut > 0 ? <span className="image-path">{image.slice(0, cut)}</span> : null}
      <span className="image-name">{image.slice(cut)}</span>
    </Tag>
  );
}
