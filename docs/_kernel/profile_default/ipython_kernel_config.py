"""The IPython kernels that execute the documentation's pages (docs/conf.py points IPYTHONDIR here).

The build starts them itself, on the loopback interface, for the pages it is executing; ipykernel 7 warns at
every start that such a kernel talks TCP without encryption. That one message is dropped here, so that the build's
output shows what needs a reader; every other message of the kernel's log is kept.
"""

import logging


class _NoPlainTcpNotice(logging.Filter):
    def filter(self, record):
        return "running over TCP without encryption" not in record.getMessage()


logging.getLogger("IPKernelApp").addFilter(_NoPlainTcpNotice())
