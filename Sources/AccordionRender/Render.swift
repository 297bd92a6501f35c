/// Renderers (text, JSON, YAML, SVG, HTML) over model snapshots. Being written.
import AccordionModel
