// Element ids tying a tab to its panel.
export function tabId(prefix: string, value: string) {
  return `${prefix}-tab-${value}`;
}

export function panelId(prefix: string, value: string) {
  return `${prefix}-panel-${value}`;
}
