/**
 * The website-builder template carousel: advances every 3000 ms with a 500 ms slide, wraps from last to first,
 * previous/next arrows and dots, arrow keys when focused. It pauses while hovered or focused, when the visitor
 * prefers reduced motion, and with its pause button (WCAG 2.2.2).
 */
import { useEffect, useId, useState } from 'react';

export const carouselIntervalMs = 3000;
export const carouselTransitionMs = 500;

export type Slide = { name: string; description: string; image: string };

export default function TemplateCarousel({ slides, label = 'Website templates' }: { slides: Slide[]; label?: string }) {
  const [index, setIndex] = useState(0);
  const [hovered, setHovered] = useState(false);
  const [focused, setFocused] = useState(false);
  const [stopped, setStopped] = useState(false);
  const [reducedMotion, setReducedMotion] = useState(false);
  const id = useId();
  const count = slides.length;
  const playing = !stopped && !hovered && !focused && !reducedMotion && count > 1;

  useEffect(() => {
    const query = window.matchMedia('(prefers-reduced-motion: reduce)');
    setReducedMotion(query.matches);
    const onChange = () => setReducedMotion(query.matches);
    query.addEventListener('change', onChange);
    return () => query.removeEventListener('change', onChange);
  }, []);

  useEffect(() => {
    if (!playing) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % count), carouselIntervalMs);
    return () => clearInterval(timer);
  }, [playing, count]);

  const go = (next: number) => setIndex(((next % count) + count) % count);
  const current = slides[index];

  return (
    <section
      className="carousel"
      aria-roledescription="carousel"
      aria-label={label}
      onMouseEnter={() => setHovered(true)}
      onMouseLeave={() => setHovered(false)}
      onFocus={() => setFocused(true)}
      onBlur={(event) => {
        if (!event.currentTarget.contains(event.relatedTarget as Node | null)) setFocused(false);
      }}
      onKeyDown={(event) => {
        if (event.key === 'ArrowRight') go(index + 1);
        else if (event.key === 'ArrowLeft') go(index - 1);
        else return;
        event.preventDefault();
      }}
    >
      <div className="carousel-viewport">
        <div
          id={`${id}-slides`}
          className="carousel-track"
          aria-live={playing ? 'off' : 'polite'}
          style={{ transform: `translateX(-${index * 100}%)`, transitionDuration: `${carouselTransitionMs}ms` }}
        >
          {slides.map((slide, i) => (
            <div
              key={slide.name}
              className="carousel-slide"
              role="group"
              aria-roledescription="slide"
              aria-label={`${i + 1} of ${count}: ${slide.name}`}
              aria-hidden={i !== index}
              inert={i !== index}
            >
              <img
                src={slide.image}
                alt={`${slide.name} template: ${slide.description}`}
                width={960}
                height={600}
                loading={i === 0 ? 'eager' : 'lazy'}
                decoding="async"
              />
              <p className="carousel-caption">
                <strong>{slide.name}</strong>
                <span>{slide.description}</span>
              </p>
            </div>
          ))}
        </div>
      </div>
      <div className="carousel-controls">
        <button type="button" className="carousel-arrow" aria-controls={`${id}-slides`} aria-label="Previous template" onClick={() => go(index - 1)}>
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M15 5l-7 7 7 7" />
          </svg>
        </button>
        <ul className="carousel-dots">
          {slides.map((slide, i) => (
            <li key={slide.name}>
              <button
                type="button"
                aria-controls={`${id}-slides`}
                aria-current={i === index ? 'true' : undefined}
                aria-label={`Show template ${i + 1}: ${slide.name}`}
                onClick={() => go(i)}
              />
            </li>
          ))}
        </ul>
        <button type="button" className="carousel-arrow" aria-controls={`${id}-slides`} aria-label="Next template" onClick={() => go(index + 1)}>
          <svg
            aria-hidden="true"
            width="20"
            height="20"
            viewBox="0 0 24 24"
            fill="none"
            stroke="currentColor"
            strokeWidth="2.2"
            strokeLinecap="round"
            strokeLinejoin="round"
          >
            <path d="M9 5l7 7-7 7" />
          </svg>
        </button>
        <button type="button" className="carousel-pause" aria-label={stopped ? 'Play slideshow' : 'Pause slideshow'} onClick={() => setStopped(!stopped)}>
          <svg aria-hidden="true" width="18" height="18" viewBox="0 0 24 24" fill="currentColor">
            {stopped ? <path d="M8 5v14l11-7z" /> : <path d="M7 5h4v14H7zM13 5h4v14h-4z" />}
          </svg>
        </button>
      </div>
      <p className="carousel-status" aria-hidden="true">
        Template {index + 1} of {count}: {current.name}
      </p>
    </section>
  );
}
