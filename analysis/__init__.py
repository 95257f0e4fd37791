"""Analysis: node accounting and tree sizes, symmetry reduction, comparisons, reports and plots."""
