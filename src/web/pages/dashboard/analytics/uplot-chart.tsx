import { useEffect, useRef } from 'react';
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';

/** The cabinet palette (src/web/styles.css) as the charts' colours. */
export function paletteColour(variable: string, fallback: string): string {
  const value = getComputedStyle(document.documentElement).getPropertyValue(variable).trim();
  return value || fallback;
}

const HEIGHT = 240;

/**
 * A uPlot canvas sized to its box. The legend under it follows the pointer with the exact
 * values of the hovered day; the canvas itself is hidden from screen readers, which get
 * the figure's text summary instead.
 */
export function UplotChart({ options, data }: { options: Omit<uPlot.Options, 'width' | 'height'>; data: uPlot.AlignedData }) {
  const box = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const plot = new uPlot({ ...options, width: Math.max(element.clientWidth, 280), height: HEIGHT }, data, element);
    plot.root.querySelector('.u-wrap')?.setAttribute('aria-hidden', 'true');
    const observer = new ResizeObserver(() => plot.setSize({ width: Math.max(element.clientWidth, 280), height: HEIGHT }));
    observer.observe(element);
    return () => {
      observer.disconnect();
      plot.destroy();
    };
  }, [options, data]);

  return <div ref={box} className="analytics-chart__canvas" />;
}

/** A chart with its title, and its figures told in words for screen readers. */
export function ChartFigure({ title, summary, children }: { title: string; summary: string; children: React.ReactNode }) {
  return (
    <figure className="analytics-chart">
      <figcaption className="analytics-chart__title">{title}</figcaption>
      {children}
      <p className="visually-hidden">{summary}</p>
    </figure>
  );
}
