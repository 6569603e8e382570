{
  "$schema": "http://json-schema.org/draft-07/schema#",
  "title": "{{Title}}",
  "editorName": "{{Label}}",
  "description": "{{Label}}: a heading, an optional introduction and a list of items, each with a title and a text.",
  "examples": [
    {
      "type": "{{type}}",
      "eyebrow": "HOW WE WORK",
      "heading": "Three reasons teams **stay with us**",
      "intro": "Senior developers, short feedback loops and plain reporting, from the first week on.",
      "items": [
        { "title": "Senior developers", "text": "Every engineer has shipped production software for five years or more." },
        { "title": "Weekly releases", "text": "Working software every week, reviewed with you before it goes live." },
        { "title": "Plain reporting", "text": "One page a week on progress, risks and the hours spent." }
      ]
    }
  ],
  "type": "object",
  "additionalProperties": false,
  "required": ["type", "heading", "items"],
  "properties": {
    "type": {
      "description": "Section type; `{{type}}` selects this layout.",
      "const": "{{type}}"
    },
    "id": {
      "editorName": "Anchor name",
      "description": "Anchor name of the section, so that `/page#id` links to it.",
      "type": "string",
      "pattern": "^[a-z][a-z0-9-]*$"
    },
    "eyebrow": {
      "$ref": "../common.schema.json#/definitions/text",
      "editorName": "Small label above the heading",
      "description": "Small label above the heading (for example `HOW WE WORK`)."
    },
    "heading": {
      "$ref": "../common.schema.json#/definitions/richText",
      "editorName": "Heading",
      "description": "Heading of the section; `**bold**` marks the emphasised words."
    },
    "intro": {
      "$ref": "../common.schema.json#/definitions/text",
      "editorName": "Introduction",
      "description": "Paragraph under the heading."
    },
    "tone": {
      "editorName": "Colours",
      "description": "Background of the section: `light` (page colour), `muted` (soft tint) or `dark` (navy).",
      "editorHelp": "Background of the section: the page colour, a soft tint, or dark (navy).",
      "type": "string",
      "enum": ["light", "muted", "dark"],
      "enumLabels": { "light": "Light (page colour)", "muted": "Soft tint", "dark": "Dark" },
      "default": "light"
    },
    "items": {
      "editorName": "Items",
      "description": "The items, in order.",
      "type": "array",
      "minItems": 1,
      "maxItems": 12,
      "items": {
        "title": "{{Item}}",
        "editorName": "Item",
        "description": "One item of the section.",
        "type": "object",
        "additionalProperties": false,
        "required": ["title", "text"],
        "properties": {
          "title": {
            "$ref": "../common.schema.json#/definitions/text",
            "editorName": "Title",
            "description": "Title of the item."
          },
          "text": {
            "$ref": "../common.schema.json#/definitions/text",
            "editorName": "Text",
            "description": "Text of the item."
          }
        }
      }
    }
  }
}
