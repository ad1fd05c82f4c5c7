"""MkDocs hook: the page dates (mkdocs-git-revision-date-localized-plugin) never fail a strict build.

In a shallow clone on a CI service (GitHub Actions' default checkout is one commit deep), the plugin warns
that the dates may be wrong, and `mkdocs build --strict` stops on any warning. The dates are then the date
of the one commit there is, which is not wrong for a site built from it; the notice is kept, as
information. Every other warning of the plugin still counts.
"""

from __future__ import annotations

import logging

PLUGIN_CI_LOGGER = "mkdocs.plugins.mkdocs_git_revision_date_localized_plugin.ci"


class ShallowCloneIsInformation(logging.Filter):
    """Lower the plugin's shallow-clone warning to an INFO record."""

    def filter(self, record: logging.LogRecord) -> bool:
        if record.levelno == logging.WARNING and "shallow git fetch depth" in record.getMessage():
            record.levelno, record.levelname = logging.INFO, "INFO"
        return True


def on_startup(command, dirty) -> None:
    logger = logging.getLogger(PLUGIN_CI_LOGGER)
    if not any(isinstance(f, ShallowCloneIsInformation) for f in logger.filters):
        logger.addFilter(ShallowCloneIsInformation())
