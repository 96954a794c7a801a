from rest_framework.pagination import PageNumberPagination


class PagePagination(PageNumberPagination):
    # DRF's default is None: the client cannot choose the page size.
    page_size_query_param = "page_size"
