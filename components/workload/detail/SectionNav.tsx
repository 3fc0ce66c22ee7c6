"use client";
import { useEffect, useState } from "react";

export interface DetailSectionRef {
  id: string;
  label: string;
}

/** The detail page's sections, in page order: what the in-page nav links to (every kind's page has these five). */
export const DETAIL_SECTIONS: DetailSectionRef[] = [
  { id: "summary", label: "Summary" },
  { id: "pods-section", label: "Pods" },
  { id: "update-section", label: "Update" },
  { id: "history", label: "History" },
  { id: "events-section", label: "Events" },
];

// Below the sticky nav: a section counts as current once its top has passed under the nav.
const NAV_ROOM = 56;

/** The section whose top was passed last, or the last one when the page is scrolled to its end. */
function currentSection(sections: readonly DetailSectionRef[]): string {
  const atEnd = window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2;
  if (atEnd) return sections[sections.length - 1].id;
  let current = sections[0].id;
  for (const s of sections) {
    const el = document.getElementById(s.id);
    if (el && el.getBoundingClientRect().top <= NAV_ROOM + 8) current = s.id;
  }
  return current;
}

/**
 * A sticky row of links to the page's sections; the one in view carries `aria-current="location"`. Plain links
 * (keyboard reachable, the address bar says where), each section starting at a `SectionStart` with that id.
 */
export function SectionNav({ sections = DETAIL_SECTIONS }: { sections?: DetailSectionRef[] }) {
  const [current, setCurrent] = useState(sections[0].id);
  useEffect(() => {
    let frame = 0;
    const onScroll = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => setCurrent(currentSection(sections)));
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });
    window.addEventListener("resize", onScroll);
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", onScroll);
      window.removeEventListener("resize", onScroll);
    };
  }, [sections]);
  return (
    <nav className="section-nav" aria-label="Sections of this page" data-testid="section-nav">
      <ul>
        {sections.map((s) => (
          <li key={s.id}>
            <a
              href={`#${s.id}`}
              aria-current={current === s.id ? "location" : undefined}
              onClick={() => setCurrent(s.id)}
            >
              {s.label}
            </a>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/**
 * Where a section of the detail page starts: the nav's target, placed before the section's first panel and kept
 * clear of the sticky nav when jumped to. A marker, not a wrapper, so a page's panels stay as they are.
 */
export function SectionStart({ id }: { id: string }) {
  return <span id={id} className="section-start" data-section={id} />;
}
