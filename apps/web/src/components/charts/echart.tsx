/**
 * One ECharts chart, with only the parts the dashboard uses (line, bar, grid, tooltip,
 * legend on canvas) so the rest of ECharts never reaches the bundle. Resizes with its box,
 * which covers window resizes, tab switches and tab full screen alike.
 */
import { BarChart, LineChart } from 'echarts/charts';
import { GridComponent, LegendComponent, TooltipComponent } from 'echarts/components';
import { type EChartsCoreOption, init, use } from 'echarts/core';
import { CanvasRenderer } from 'echarts/renderers';
import { useEffect, useRef } from 'react';
import { useConfig } from '../../stores/config';

use([LineChart, BarChart, GridComponent, TooltipComponent, LegendComponent, CanvasRenderer]);

export function EChart({ option, height = 300 }: { option: EChartsCoreOption; height?: number }) {
  const box = useRef<HTMLDivElement>(null);
  const isDark = useConfig((s) => s.layout.isDark);
  const chart = useRef<ReturnType<typeof init> | null>(null);

  useEffect(() => {
    if (!box.current) return;
    const instance = init(box.current, isDark ? 'dark' : undefined, { renderer: 'canvas' });
    chart.current = instance;
    const observer = new ResizeObserver(() => instance.resize());
    observer.observe(box.current);
    return () => {
      observer.disconnect();
      instance.dispose();
      chart.current = null;
    };
  }, [isDark]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: a theme change makes a new chart, which needs the option again.
  useEffect(() => {
    chart.current?.setOption({ backgroundColor: 'transparent', ...option }, true);
  }, [option, isDark]);

  return <div ref={box} style={{ width: '100%', height }} />;
}
