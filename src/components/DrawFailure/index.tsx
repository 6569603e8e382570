import { Component, type ReactNode } from 'react';

export interface DrawFailureProps {
  /** What is drawn inside, for the message: "hero, example 1 of 2", "Section 3 (card-grid)". */
  readonly label: string;
  /** Class of the message, for the tool's own look. */
  readonly className?: string;
  readonly children: ReactNode;
}

/**
 * Keeps one block that throws while drawing from blanking everything around it, and says which
 * block and why. For the developer tools that draw content as it is being written (the section
 * gallery, the editor's preview); the site itself never shows content that failed the build.
 */
export class DrawFailure extends Component<DrawFailureProps, { error?: Error }> {
  override state: { error?: Error } = {};
  static getDerivedStateFromError(error: Error) {
    return { error };
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <p className={this.props.className} role="alert" data-slot="draw-failure">
        {this.props.label} could not be drawn: {this.state.error.message}
      </p>
    );
  }
}
