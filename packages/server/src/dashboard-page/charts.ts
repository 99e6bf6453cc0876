import uPlot from 'uplot';

/** A chart's data: x labels (dates or months) and named series of the same length. */
export interface ChartData {
  /** What the labels are, e.g. "Day" or "Month". */
  axis: string;
  labels: string[];
  series: Array<{ label: string; values: number[]; colour: 'opens' | 'documents'; shape: 'bars' | 'line' }>;
}

// Colours of the two series; the same as --opens and --documents in dashboard.css.
const colours = { opens: '#1f5fbf', documents: '#c2571a' } as const;

/**
 * Draws `data` (uPlot, on a canvas: bars, or a line with points) into `container`, sized to its width, and describes it
 * in the container's `aria-label` (it has `role="img"`); the data is also in a table next to it.
 * Returns a function that redraws it at a new width.
 */
export function drawChart(container: HTMLElement, data: ChartData, description: string): () => void {
  container.replaceChildren();
  container.setAttribute('aria-label', description);
  const xs = data.labels.map((_, index) => index);
  const options: uPlot.Options = {
    width: Math.max(container.clientWidth, 240),
    height: 220,
    legend: { show: true, live: false },
    cursor: { drag: { x: false, y: false } },
    scales: { x: { time: false, auto: false, range: [-0.5, Math.max(xs.length - 0.5, 0.5)] }, y: { range: (_plot, _min, max) => [0, Math.max(max, 1) * 1.1] } },
    axes: [
      { values: (_plot, splits) => splits.map((split) => data.labels[split] ?? ''), space: 48, stroke: '#444' },
      { stroke: '#444', values: (_plot, splits) => splits.map((split) => (Number.isInteger(split) ? String(split) : '')) },
    ],
    series: [
      { label: data.axis },
      ...data.series.map((series): uPlot.Series => ({
        label: series.label,
        stroke: colours[series.colour],
        width: 2,
        value: (_plot, value) => (value === null ? '' : String(value)),
        ...(series.shape === 'bars'
          ? { fill: `${colours[series.colour]}cc`, paths: uPlot.paths.bars!({ size: [0.6, 48] }), points: { show: false } }
          : { points: { show: true, size: 6, fill: colours[series.colour] } }),
      })),
    ],
  };
  const values: uPlot.AlignedData = [xs, ...data.series.map((series) => series.values)];
  const plot = new uPlot(options, values, container);
  return () => plot.setSize({ width: Math.max(container.clientWidth, 240), height: 220 });
}
