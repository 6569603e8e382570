.root {
  padding-block: var(--space-section);
  background: var(--color-bg);
}
.root[data-tone='muted'] {
  background: var(--color-surface);
}
.root[data-tone='dark'] {
  background: var(--color-navy);
  color: var(--color-on-dark);
}

.items {
  display: grid;
  grid-template-columns: 1fr;
  gap: var(--space-5);
  list-style: none;
}
@media (min-width: 750px) {
  .items {
    grid-template-columns: repeat(auto-fit, minmax(240px, 1fr));
  }
}

.item {
  display: grid;
  align-content: start;
  gap: var(--space-3);
  padding: var(--space-6);
  border: 1px solid var(--color-line);
  border-radius: var(--radius);
  background: var(--color-bg);
  box-shadow: var(--shadow-sm);
}
.root[data-tone='dark'] .item {
  border-color: rgb(255 255 255 / 0.12);
  background: var(--color-navy-soft);
}

.title {
  font-size: var(--text-lg);
  font-weight: var(--weight-heading);
}
.text {
  color: var(--color-ink-muted);
}
.root[data-tone='dark'] .text {
  color: var(--color-on-dark-muted);
}
